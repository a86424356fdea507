import Courier
import Foundation
import Testing

@Suite("ServerSentEventParser: the WHATWG event stream rules, on bytes in any chunks")
struct ServerSentEventParserTests {
    // MARK: The standard's examples

    @Test("the introduction's three messages, one of them on two lines")
    func introductionMessages() throws {
        let events = try parse(
            "data: This is the first message.\n\n"
                + "data: This is the second message, it\ndata: has two lines.\n\n"
                + "data: This is the third message.\n\n")
        #expect(events.map(\.data) == [
            "This is the first message.", "This is the second message, it\nhas two lines.", "This is the third message.",
        ])
        #expect(events.allSatisfy { $0.event == nil && $0.id == nil && $0.retry == nil })
    }

    @Test("the introduction's two event types, add and remove")
    func introductionEventTypes() throws {
        let events = try parse("event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n")
        #expect(events == [
            ServerSentEvent(data: "73857293", event: "add"),
            ServerSentEvent(data: "2153", event: "remove"),
            ServerSentEvent(data: "113411", event: "add"),
        ])
    }

    @Test("the stock ticker: three data lines make one event joined by LF")
    func stockExample() throws {
        #expect(try parse("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test("the comment, first/second/third event example: ids carry over, an empty id resets, one space is dropped")
    func idExample() throws {
        let (events, parser) = try parse([Data(
            ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n".utf8)])
        #expect(events == [
            ServerSentEvent(data: "first event", id: "1"),
            ServerSentEvent(data: "second event", id: nil),
            ServerSentEvent(data: " third event", id: nil),
        ])
        #expect(parser.lastEventID == nil)
    }

    @Test("the blank data example: empty data, a single newline, and a last block without a blank line dropped")
    func blankDataExample() throws {
        #expect(try parse("data\n\ndata\ndata\n\ndata:").map(\.data) == ["", "\n"])
    }

    @Test("the space example: with or without the space after the colon, the same event")
    func spaceExample() throws {
        #expect(try parse("data:test\n\ndata: test\n\n") == [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
    }

    // MARK: Lines and fields

    @Test("CRLF, LF and CR end lines alike, mixed in one stream", arguments: ["\r\n", "\n", "\r"])
    func lineEnds(end: String) throws {
        let text = ["event: e", "data: one", "data: two", "", ": comment", "id: 9", "data: three", ""].joined(separator: end) + end
        #expect(try parse(text) == [
            ServerSentEvent(data: "one\ntwo", event: "e"), ServerSentEvent(data: "three", id: "9"),
        ])
        let mixed = "data: one\r\ndata: two\rdata: three\n\r\ndata: four\r\r"
        #expect(try parse(mixed).map(\.data) == ["one\ntwo\nthree", "four"])
    }

    @Test("CR LF is one line end, but LF CR is two: a blank line")
    func crlfVersusLfcr() throws {
        #expect(try parse("data: a\r\ndata: b\r\n\r\n").map(\.data) == ["a\nb"])
        #expect(try parse("data: a\n\rdata: b\n\n").map(\.data) == ["a", "b"])
    }

    @Test("field names are case-sensitive and taken up to the first colon; unknown fields are ignored")
    func fieldParsing() throws {
        // Modelled on the web-platform-tests case: only the exact `data` fields count.
        let text = "data:\u{0}\ndata:  2\rData:1\ndata\u{0}:2\ndata:1\r\u{0}data:4\nda-ta:3\rdata_5\ndata:3\rdata:\r\n data:32\ndata:4\n\n"
        #expect(try parse(text).map(\.data) == ["\u{0}\n 2\n1\n3\n\n4"])
        #expect(try parse("foo: bar\ndata: x\nDATA: y\n\n") == [ServerSentEvent(data: "x")])
        #expect(try parse("data: a: b:c\n\n").map(\.data) == ["a: b:c"])
    }

    @Test("a field without a colon has an empty value; only one space after the colon is dropped")
    func fieldWithoutColon() throws {
        #expect(try parse("data\ndata\n\n").map(\.data) == ["\n"])
        #expect(try parse("data:   x\n\n").map(\.data) == ["  x"])
        #expect(try parse("data:\tx\n\n").map(\.data) == ["\tx"])
    }

    @Test("comments and heartbeats dispatch nothing and do not split an event")
    func comments() throws {
        #expect(try parse(":\n\n: keep-alive\n\n:ping\n").isEmpty)
        #expect(try parse("data: a\n: in between\ndata: b\n\n").map(\.data) == ["a\nb"])
    }

    @Test("a trailing empty data line keeps its newline; an event with no data line is not dispatched")
    func dataBuffer() throws {
        #expect(try parse("data: a\ndata:\n\n").map(\.data) == ["a\n"])
        #expect(try parse("event: ping\n\nid: 3\n\nretry: 10\n\n").isEmpty)
    }

    @Test("an event type or retry in a block without data does not leak into the next event")
    func blockFieldsReset() throws {
        let (events, parser) = try parse([Data("event: ping\nretry: 250\n\ndata: x\n\n".utf8)])
        #expect(events == [ServerSentEvent(data: "x")])
        #expect(parser.reconnectionTime == .milliseconds(250))
    }

    @Test("an empty event name is the default type")
    func emptyEventName() throws {
        #expect(try parse("event:\ndata: x\n\nevent: message\ndata: y\n\n") == [
            ServerSentEvent(data: "x", event: nil), ServerSentEvent(data: "y", event: "message"),
        ])
    }

    // MARK: id and retry

    @Test("the last event ID carries over, is ignored when it holds NULL, and counts only once dispatched")
    func lastEventID() throws {
        let (events, parser) = try parse([Data("id: 1\ndata: a\n\ndata: b\n\nid: 2\u{0}x\ndata: c\n\nid: 3\ndata: cut off".utf8)])
        #expect(events.map(\.id) == ["1", "1", "1"])
        #expect(parser.lastEventID == "1", "the id of an event the stream cut off is not the last event ID")

        let (none, afterBlock) = try parse([Data("id: 7\n\n".utf8)])
        #expect(none.isEmpty)
        #expect(afterBlock.lastEventID == "7", "a block without data still sets the last event ID")

        #expect(try parse("id: é🎉\ndata: x\n\n").map(\.id) == ["é🎉"])
        #expect(try parse("id: 5\ndata: x\n\nid:\ndata: y\n\n").map(\.id) == ["5", nil])
    }

    @Test("retry counts only as ASCII digits, in milliseconds, and belongs to its event", arguments: [
        ("retry: 1500", Duration?.some(.milliseconds(1500))),
        ("retry:0", .some(.zero)),
        ("retry: 1.5", nil), ("retry: -1", nil), ("retry: 10 ", nil), ("retry:  10", nil), ("retry:", nil),
        ("retry: ١٢", nil), ("retry: 99999999999999999999999", .some(.milliseconds(Int64.max))),
    ])
    func retry(line: String, expected: Duration?) throws {
        let (events, parser) = try parse([Data("\(line)\ndata: x\n\ndata: y\n\n".utf8)])
        #expect(events.map(\.retry) == [expected, nil])
        #expect(parser.reconnectionTime == expected)
    }

    @Test("a later valid retry replaces the reconnection time; an invalid one leaves it")
    func reconnectionTime() throws {
        let (_, parser) = try parse([Data("retry: 100\n\nretry: 200\ndata: a\n\nretry: x\n\n".utf8)])
        #expect(parser.reconnectionTime == .milliseconds(200))
    }

    // MARK: Encoding

    @Test("a leading byte order mark is skipped once; a second one is part of the field name")
    func byteOrderMark() throws {
        #expect(try parse("\u{FEFF}data: x\n\n").map(\.data) == ["x"])
        #expect(try parse("\u{FEFF}\u{FEFF}data: x\n\ndata: y\n\n").map(\.data) == ["y"])
        #expect(try parse("data: \u{FEFF}x\n\n").map(\.data) == ["\u{FEFF}x"], "a BOM inside the stream is text")
        let bytes = Array("\u{FEFF}data: x\n\n".utf8)
        for cut in 1..<4 {
            #expect(try parse(chunks(bytes, cuts: [cut])).0.map(\.data) == ["x"], "BOM cut after \(cut) bytes")
        }
        #expect(try parse(chunks(bytes, cuts: [1, 2, 3])).0.map(\.data) == ["x"])
    }

    @Test("bytes that begin like a byte order mark but are not one stay in the text")
    func almostByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB] + Array("data: x\n\n".utf8)
        // The two bytes make the field name "\u{FFFD}data": an unknown field.
        #expect(try parse(chunks(bytes, cuts: [1])).0.isEmpty)
        let valueBytes: [UInt8] = Array("data: ".utf8) + [0xEF, 0xBB, 0x41] + Array("\n\n".utf8)
        #expect(try parse(chunks(valueBytes, cuts: [7])).0.map(\.data) == ["\u{FFFD}A"])
    }

    @Test("invalid UTF-8 becomes U+FFFD")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("data: a".utf8) + [0xFF, 0xC3] + Array("b\nevent: ".utf8) + [0xE2, 0x82] + Array("\n\n".utf8)
        let events = try parse([Data(bytes)]).0
        #expect(events == [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}b", event: "\u{FFFD}")])
    }

    // MARK: Chunks

    /// A stream with multi-byte characters in every field, all three line ends and a comment.
    static let mixedStream = "\u{FEFF}: héllo\r\nevent: ñandú\rid: ü🎉\ndata: héllo wörld\r\ndata: 🎉 € 日本\r\n\r\n"
        + "data: ∑ second\rretry: 42\r\r: 🎉\n\ndata:third 𝄞\nid\n\ndata: cut ü"
    static let mixedExpected = [
        ServerSentEvent(data: "héllo wörld\n🎉 € 日本", event: "ñandú", id: "ü🎉"),
        ServerSentEvent(data: "∑ second", id: "ü🎉", retry: .milliseconds(42)),
        ServerSentEvent(data: "third 𝄞", id: nil),
    ]

    @Test("the stream cut at every position, and at every pair of positions, gives the same events")
    func everySplit() throws {
        let bytes = Array(Self.mixedStream.utf8)
        #expect(try parse([Data(bytes)]).0 == Self.mixedExpected)
        for cut in 1..<bytes.count {
            #expect(try parse(chunks(bytes, cuts: [cut])).0 == Self.mixedExpected, "cut at \(cut)")
        }
        for first in 1..<bytes.count {
            for second in (first + 1)..<bytes.count {
                let (events, parser) = try parse(chunks(bytes, cuts: [first, second]))
                guard events == Self.mixedExpected, parser.lastEventID == nil else {
                    Issue.record("cuts at \(first) and \(second): \(events)")
                    return
                }
            }
        }
    }

    @Test("one byte at a time gives the same events")
    func byteAtATime() throws {
        let bytes = Array(Self.mixedStream.utf8)
        #expect(try parse(chunks(bytes, cuts: Array(1..<bytes.count))).0 == Self.mixedExpected)
    }

    @Test("a long generated stream in random chunkings gives the same events as whole")
    func randomChunkings() throws {
        var generator = ChunkingRandom(seed: 0x5EED)
        var text = ""
        var expected: [ServerSentEvent] = []
        let ends = ["\n", "\r\n", "\r"]
        for index in 0..<300 {
            let end = ends[index % 3]
            let data = "event \(index) ü🎉 " + String(repeating: "x", count: index % 50)
            if index % 7 == 0 { text += ": heartbeat \(index)\(end)" }
            text += "id: \(index)\(end)event: kind\(index % 4)\(end)data: \(data)\(end)data: \(index)\(end)\(end)"
            expected.append(ServerSentEvent(data: data + "\n\(index)", event: "kind\(index % 4)", id: "\(index)"))
        }
        let bytes = Array(text.utf8)
        for round in 0..<200 {
            let largest = [1, 3, 17, 256, 4096][round % 5]
            let (events, parser) = try parse(randomChunks(bytes, largest: largest, using: &generator))
            guard events == expected, parser.lastEventID == "299" else {
                Issue.record("round \(round): \(events.count) events")
                return
            }
        }
    }

    @Test("chunks appended before the earlier ones are read are taken in order")
    func queuedChunks() throws {
        var parser = ServerSentEventParser()
        for piece in chunks(Array("data: a\n\ndata: b\r".utf8), cuts: [3, 9, 15]) { parser.append(piece) }
        parser.append(Data("\ndata: c\n\n".utf8))
        var events: [String] = []
        while let event = try parser.next() { events.append(event.data) }
        #expect(events == ["a", "b\nc"], "the CR ending one chunk and the LF starting the next are one line end")
    }

    // MARK: Limits

    @Test("an event larger than the limit throws, naming the event, and the parser stops")
    func oversizeEvent() throws {
        var parser = ServerSentEventParser(maximumEventSize: 64)
        parser.append(Data("data: small\n\n".utf8))
        #expect(try parser.next()?.data == "small")
        for _ in 0..<20 { parser.append(Data("data: 0123456789\n".utf8)) }
        let error = #expect(throws: CourierError.self) { while try parser.next() != nil {} }
        guard case .stream(.elementTooLarge(let limit, let position))? = error?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(limit == 64)
        #expect(position == StreamPosition(index: 1, byteOffset: 13))
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.message == "stream: element 1 at byte 13: larger than the limit of 64 bytes for one element")
        parser.append(Data("\ndata: after\n\n".utf8))
        #expect(try parser.next() == nil)
    }

    @Test("a line without an end is refused once it passes the limit, in whatever chunks it comes")
    func oversizeLine() throws {
        let line = Array(("data: " + String(repeating: "y", count: 100)).utf8)
        for size in [1, 7, 50, 200] {
            let pieces = stride(from: 0, to: line.count, by: size).map { Data(line[$0..<min(line.count, $0 + size)]) }
            #expect(throws: CourierError.self, "chunks of \(size)") { _ = try parse(pieces, limit: 80) }
        }
        #expect(try parse([Data(line + [0x0A, 0x0A])], limit: 106).0.count == 1, "a line of exactly the limit is accepted")
        #expect(throws: CourierError.self) { _ = try parse([Data(line + [0x0A, 0x0A])], limit: 105) }
        #expect(throws: CourierError.self, "a long comment is held too") {
            _ = try parse([Data((":" + String(repeating: "c", count: 200) + "\n").utf8)], limit: 100)
        }
    }
}
