import Foundation

/// How a service's JSON is read and written: date format and key naming.
///
/// The client builds one `JSONDecoder` and one `JSONEncoder` from this when it is created and
/// reuses them for every request.
public struct JSONCoding: Sendable, Hashable {
    /// How JSON object keys map to Swift property names.
    public enum KeyStrategy: Sendable, Hashable {
        /// Keys are used as they are (generated models spell out renamed keys themselves).
        case useDefaultKeys
        /// `snake_case` on the wire, `camelCase` in Swift.
        case snakeCase
    }

    /// The service-wide date format; ISO-8601 accepts dates with and without fractional seconds.
    public var dateFormat: DateFormat
    /// How keys are converted.
    public var keyStrategy: KeyStrategy

    /// Creates a coding configuration.
    public init(dateFormat: DateFormat = .iso8601, keyStrategy: KeyStrategy = .useDefaultKeys) {
        self.dateFormat = dateFormat
        self.keyStrategy = keyStrategy
    }

    /// ISO-8601 dates and keys as they are: the default.
    public static let `default` = JSONCoding()

    /// A decoder configured for this service.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        let format = dateFormat
        switch format {
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601, .date:
            decoder.dateDecodingStrategy = .custom { decoder in
                try format.decode(from: decoder.singleValueContainer())
            }
        }
        if keyStrategy == .snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        // Base64 wrapped in lines (as large APIs send file contents) wherever a `Data` appears:
        // a whole `[Data]` response or a nested one, not only the models' own fields.
        decoder.dataDecodingStrategy = .custom { decoder in try Base64Data(from: decoder).data }
        return decoder
    }

    /// An encoder configured for this service; keys are sorted so bodies are deterministic.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let format = dateFormat
        switch format {
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        // Whole milliseconds, as a per-field format writes them: Foundation's strategy writes a
        // fraction for a date taken now, which a server reading an integer rejects.
        case .iso8601, .date, .millisecondsSince1970:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
                try format.encode(date, to: &container)
            }
        }
        if keyStrategy == .snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        return encoder
    }
}
