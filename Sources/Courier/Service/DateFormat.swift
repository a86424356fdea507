import Foundation

/// A wire format for dates, used service-wide by ``JSONCoding`` and per field by generated models.
public enum DateFormat: String, Sendable, Hashable, CaseIterable {
    /// ISO-8601 text, with or without fractional seconds (`2024-05-01T12:00:00Z`, `…00.123Z`).
    case iso8601
    /// A calendar day (`2024-05-01`), midnight UTC.
    case date
    /// Seconds since 1970-01-01T00:00:00Z, as a JSON number.
    case secondsSince1970
    /// Milliseconds since 1970-01-01T00:00:00Z, as a JSON number.
    case millisecondsSince1970

    /// Decodes a date in this format from a single-value container.
    public func decode(from container: any SingleValueDecodingContainer) throws -> Date {
        switch self {
        case .iso8601, .date:
            let text = try container.decode(String.self)
            guard let parsed = date(fromText: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: mismatch(text))
            }
            return parsed
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try container.decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try container.decode(Double.self) / 1000)
        }
    }

    /// The date a text format (`.iso8601`, `.date`) reads from `text`, or `nil` when it does not parse.
    func date(fromText text: String) -> Date? {
        self == .iso8601 ? ISO8601.parse(text) : ISO8601.parseDay(text)
    }

    /// What a decoding error says when `text` is not a date in this format.
    func mismatch(_ text: String) -> String {
        "Expected \(rawValue) date, found \"\(text.prefix(64))\""
    }

    /// Encodes a date in this format into a single-value container.
    public func encode(_ date: Date, to container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .iso8601: try container.encode(ISO8601.format(date))
        case .date: try container.encode(ISO8601.formatDay(date))
        case .secondsSince1970: try container.encode(date.timeIntervalSince1970)
        case .millisecondsSince1970: try container.encode((date.timeIntervalSince1970 * 1000).rounded())
        }
    }
}

/// Wraps a `Date` so that generated code can decode and encode one field in its own ``DateFormat``.
///
/// Generated `init(from:)` and `encode(to:)` call the container helpers in `FieldCoding.swift`
/// (`read(_:_:format:)`, `write(_:_:format:)`); you rarely use this type directly.
public struct FormattedDate: Codable, Sendable, Hashable {
    /// The date.
    public var date: Date
    /// Its format.
    public var format: DateFormat

    /// Wraps a date with its format.
    public init(_ date: Date, format: DateFormat) {
        self.date = date
        self.format = format
    }

    /// Decodes as ISO-8601; use the container helpers to pick another format.
    public init(from decoder: any Decoder) throws {
        self.format = .iso8601
        self.date = try DateFormat.iso8601.decode(from: decoder.singleValueContainer())
    }

    /// Encodes in ``format``.
    public func encode(to encoder: any Encoder) throws {
        var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
        try format.encode(date, to: &container)
    }
}
