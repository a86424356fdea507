import CourierSpec
import Foundation

/// The elements of a stream sample (a `.sse` file of server-sent events, a `.jsonl` file of JSON
/// Lines, a `.json-seq` JSON text sequence), each with the line of the file it starts on, so that
/// the generator can check every element against its model.
struct StreamSampleElements {
    /// One element of the sample.
    struct Element {
        /// The element's JSON text (an event's data).
        let data: Data
        /// The server-sent event's name (`nil` without an `event:` field, and for lines and records).
        let event: String?
        /// The line of the file it starts on, from 1.
        let line: Int
    }

    /// The elements of `body` in `format`, in order.
    static func elements(of body: Data, format: StreamSetting.Format) -> [Element] {
        switch format {
        case .events: events(in: body)
        case .lines: lines(in: body)
        case .sequence: records(in: body)
        }
    }

    /// The lines of `body` with their numbers: ends are CR LF, LF or CR, as in `text/event-stream`.
    private static func numberedLines(_ body: Data) -> [(number: Int, text: Substring)] {
        var text = Substring(String(decoding: body, as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        // `\r\n` is one Character in Swift; splitting at every line-end character covers all three.
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .enumerated().map { ($0.offset + 1, $0.element) }
    }

    /// Server-sent events as the WHATWG rules read them: `data:` lines joined with LF, `event:`
    /// naming the event, a blank line dispatching it (an event without data is not one), comments
    /// and other fields skipped.
    private static func events(in body: Data) -> [Element] {
        var elements: [Element] = []
        var data: [Substring] = []
        var event: String?
        var start: Int?
        for (number, line) in numberedLines(body) {
            if line.isEmpty {
                if let first = start, !data.isEmpty {
                    elements.append(Element(data: Data(data.joined(separator: "\n").utf8), event: event, line: first))
                }
                (data, event, start) = ([], nil, nil)
                continue
            }
            if line.hasPrefix(":") { continue }
            let colon = line.firstIndex(of: ":")
            let field = colon.map { line[..<$0] } ?? line
            var value = colon.map { line[line.index(after: $0)...] } ?? ""
            if value.hasPrefix(" ") { value = value.dropFirst() }
            switch field {
            case "data":
                start = start ?? number
                data.append(value)
            case "event":
                event = value.isEmpty ? nil : String(value)
            default:
                break
            }
        }
        // An event not ended by a blank line is dropped at the end of the body, as a client does.
        return elements
    }

    /// JSON Lines: every line holding more than white space.
    private static func lines(in body: Data) -> [Element] {
        numberedLines(body).compactMap { number, line in
            line.allSatisfy(\.isWhitespace) ? nil : Element(data: Data(line.utf8), event: nil, line: number)
        }
    }

    /// JSON text sequence records: the text after each RS (0x1E), white space around it dropped.
    private static func records(in body: Data) -> [Element] {
        var elements: [Element] = []
        var line = 1
        var start: Int?
        var record = Data()
        func finish() {
            if let first = start, !record.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                elements.append(Element(data: record, event: nil, line: first))
            }
            record = Data()
        }
        for byte in body {
            if byte == 0x1E {
                finish()
                start = line
                continue
            }
            if start != nil { record.append(byte) }
            if byte == 0x0A { line += 1 }
        }
        finish()
        return elements
    }
}
