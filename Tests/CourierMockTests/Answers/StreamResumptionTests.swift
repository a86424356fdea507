@testable import CourierMock
import Foundation
import Testing

/// How courier-mock reads an event-stream sample's events to resume it: their `id:` and `data`
/// fields, IDs added to a sample without any, and the events left after a `Last-Event-ID`.
@Suite struct StreamResumptionTests {
    private func events(_ text: String) -> [SampleEvent] {
        StreamResumption.events(of: Data(text.utf8))
    }

    @Test func fieldsAreReadAsAClientsParserReadsThem() {
        let read = events("\u{FEFF}: hi\r\nid:7\r\ndata\r\n\r\nid\ndata: x\n\nevent: ping\n\n: trailing comment\nid: a\u{0}b\ndata: y\n")
        #expect(read.map(\.id) == ["7", "", nil, nil])
        #expect(read.map(\.hasData) == [true, true, false, true])
    }

    @Test func eventsWithDataAreNumberedAfterAByteOrderMark() {
        let numbered = StreamResumption.numbered(events("\u{FEFF}data: a\n\n: heartbeat\n\nevent: x\ndata: b\n\n"))
        #expect(numbered.map { String(decoding: $0.bytes, as: UTF8.self) } == [
            "\u{FEFF}id: 1\ndata: a\n\n", ": heartbeat\n\n", "id: 2\nevent: x\ndata: b\n\n",
        ])
        #expect(numbered.map(\.id) == ["1", nil, "2"])
    }

    @Test func resumingSkipsEverythingUpToTheLastEventWithThatID() throws {
        let sample = events("id: a\ndata: 1\n\ndata: 2\n\nid: b\ndata: 3\n\n: bye\n\n")
        // Event 2 has no ID of its own: its last event ID is still `a`, so both are skipped.
        #expect(try #require(StreamResumption.remaining(sample, after: "a")).map(\.id) == ["b", nil])
        #expect(try #require(StreamResumption.remaining(sample, after: "b")).allSatisfy { !$0.hasData })
        #expect(StreamResumption.remaining(sample, after: "c") == nil)
    }
}
