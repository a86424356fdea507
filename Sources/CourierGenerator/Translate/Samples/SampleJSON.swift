import Foundation

/// A sample body read as JSON by Foundation's `JSONDecoder` — the decoder the generated client
/// uses — so that what counts as an integer, a number or a boolean here is what counts there
/// (`1.0` and `1e2` are integers, `1` is no boolean, `true` no number).
indirect enum SampleJSON: Decodable, Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number the decoder reads as a 64-bit integer.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SampleJSON])
    /// An object; key order is not kept (decoders do not see it either).
    case object([String: SampleJSON])

    /// Reads whichever JSON value the decoder finds.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SampleJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SampleJSON].self))
        }
    }

    /// Parses `data`, or says why it is not JSON and where (line and column in the file).
    static func parse(_ data: Data) -> Result<SampleJSON, ParseFailure> {
        do {
            return .success(try JSONDecoder().decode(SampleJSON.self, from: data))
        } catch {
            // The decoder only says "not valid JSON"; JSONSerialization says where.
            var reason = "not valid JSON"
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                if let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String { reason = located(text, in: data) }
            }
            return .failure(ParseFailure(reason: reason))
        }
    }

    /// `Invalid value around character 14.` as `invalid value around line 2, column 6`.
    private static func located(_ text: String, in data: Data) -> String {
        var reason = text.hasSuffix(".") ? String(text.dropLast()) : text
        reason = reason.prefix(1).lowercased() + reason.dropFirst()
        guard let range = reason.range(of: "around character "), let offset = Int(reason[range.upperBound...]) else {
            return reason
        }
        let before = data.prefix(offset)
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - before.startIndex + 1 } ?? 0) + 1
        return String(reason[..<range.lowerBound]) + "around line \(line), column \(column)"
    }

    /// Why a sample is not JSON, as the parser put it.
    struct ParseFailure: Error {
        /// The parser's words, such as `Unexpected character 'x' around line 2, column 5.`
        let reason: String
    }

    /// The value as a diagnostic shows what was found: strings quoted and cut, containers named.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"" + (value.count > 40 ? value.prefix(40) + "…" : value) + "\""
        case .array: "a list"
        case .object: "an object"
        }
    }
}
