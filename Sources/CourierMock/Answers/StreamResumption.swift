import CourierGenerator
import CourierStreamSamples
import Foundation

/// How courier-mock serves a server-sent event sample across a client's reconnects, so that a
/// sample without a terminator plays once instead of forever (as `StubTransport` answers a
/// reconnect with `204`):
///
/// - A sample none of whose events has an `id:` is served with its events numbered (`id: 1`,
///   `id: 2`, …), so that a client has a `Last-Event-ID` to reconnect with.
/// - A request with `Last-Event-ID` gets the events after the last one carrying that ID; when
///   none is left (the sample was served to its end), `204 No Content`, which ends the stream.
/// - An ID the sample never sent serves the whole sample, as a server that forgot it would.
enum StreamResumption {
    /// The answer to a request for `sample` of `route` carrying `lastEventID`, when the sample is
    /// a `text/event-stream` body; `nil` for any other sample.
    static func response(from sample: SampleResponse, route: Route, lastEventID: String?) -> MockResponse? {
        let contentType = sample.headers.first { $0.name.lowercased() == "content-type" }?.value
        guard let body = sample.body, let media = contentType?.split(separator: ";").first,
              media.trimmingCharacters(in: .whitespaces).lowercased() == "text/event-stream",
              let pieces = StreamSampleCutting.elements(of: body, contentType: contentType)
        else { return nil }
        var events = pieces.map(SampleEvent.init)
        if !events.contains(where: { $0.id != nil }) { events = numbered(events) }
        var response = Responder.response(from: sample, route: route)
        guard let lastEventID, let resumed = remaining(events, after: lastEventID) else {
            response.body = events.reduce(into: Data()) { $0.append($1.bytes) }
            return response
        }
        guard resumed.contains(where: \.hasData) else {
            return MockResponse(
                status: 204, endpoint: route.name, source: "\(response.source) served to its end (Last-Event-ID: \(lastEventID))")
        }
        response.body = resumed.reduce(into: Data()) { $0.append($1.bytes) }
        response.source += " after Last-Event-ID: \(lastEventID)"
        return response
    }

    /// The events of an event-stream body, cut as ``StreamSampleCutting`` cuts them.
    static func events(of body: Data) -> [SampleEvent] {
        (StreamSampleCutting.elements(of: body, contentType: "text/event-stream") ?? []).map(SampleEvent.init)
    }

    /// `events` with `id: <n>` before each one that has data, numbered from 1.
    static func numbered(_ events: [SampleEvent]) -> [SampleEvent] {
        var number = 0
        return events.map { event in
            guard event.hasData else { return event }
            number += 1
            return event.withID(String(number))
        }
    }

    /// The events after the last event with data whose last event ID (its own `id:`, else the one
    /// before it) is `lastEventID`; `nil` when no event has it.
    static func remaining(_ events: [SampleEvent], after lastEventID: String) -> ArraySlice<SampleEvent>? {
        var current: String?
        var last: Int?
        for (index, event) in events.enumerated() {
            if let id = event.id { current = id }
            if event.hasData, current == lastEventID { last = index }
        }
        return last.map { events[($0 + 1)...] }
    }
}

/// One piece of an event-stream sample as ``StreamSampleCutting`` cuts it: an event with the
/// comments and fields before its blank line, and what the mock needs of its fields.
struct SampleEvent {
    /// The piece's bytes.
    let bytes: Data
    /// Its `id:` field's value (the last one, if several), as a client's parser reads it.
    let id: String?
    /// Whether it has a `data` field, so that a client dispatches it.
    let hasData: Bool

    /// Reads the fields of `bytes` (after a byte order mark, at the start of a sample).
    init(_ bytes: Data) {
        self.bytes = bytes
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        var id: String?
        var hasData = false
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) where !line.hasPrefix(":") {
            let name = line.prefix { $0 != ":" }
            var value = line.dropFirst(name.count).dropFirst()
            if value.first == " " { value = value.dropFirst() }
            if name == "data" { hasData = true }
            if name == "id", !value.contains("\0") { id = String(value) }
        }
        self.id = id
        self.hasData = hasData
    }

    /// This event with an `id:` line before its fields (after a byte order mark).
    func withID(_ id: String) -> SampleEvent {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let line = Data("id: \(id)\n".utf8)
        guard bytes.starts(with: bom) else { return SampleEvent(line + bytes) }
        return SampleEvent(bom + line + bytes.dropFirst(bom.count))
    }
}
