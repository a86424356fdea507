/// Why each case of a union tried in order did not decode, for the error thrown when none did.
///
/// Generated unions without a discriminator use it; a hand-written one may too:
///
/// ```swift
/// let container = try decoder.singleValueContainer()
/// var attempts = UnionAttempts()
/// do { self = .name(try container.decode(String.self)); return } catch { attempts.record(error, trying: "String") }
/// do { self = .details(try container.decode(Details.self)); return } catch { attempts.record(error, trying: "Details") }
/// throw attempts.mismatch(in: container, "Expected one of String, Details (Label tries them in this order)")
/// // "Expected one of String, Details (Label tries them in this order); String: Expected to decode
/// //  String but found a dictionary instead.; Details: missing key "color""
/// ```
public struct UnionAttempts: Sendable {
    private var failures: [(type: String, error: any Error)] = []

    /// Creates an empty record.
    public init() {}

    /// Notes that decoding as `type` failed with `error`.
    public mutating func record(_ error: any Error, trying type: String) {
        failures.append((type, error))
    }

    /// The error to throw when no case decoded: `summary`, then each case tried with why it
    /// failed; a `DecodingError` is told briefly, with where it happened below the union's own
    /// place (`missing key "name" at owner`).
    public func mismatch(in container: any SingleValueDecodingContainer, _ summary: String) -> DecodingError {
        let depth = container.codingPath.count
        let reasons = failures.map { "\($0.type): \(Self.reason($0.error, below: depth))" }
        let detail = reasons.isEmpty ? "" : "; " + reasons.joined(separator: "; ")
        return DecodingError.dataCorruptedError(in: container, debugDescription: summary + detail)
    }

    /// `error` in a few words, and where below the first `depth` keys of its coding path.
    static func reason(_ error: any Error, below depth: Int) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let message: String
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context):
            (message, path) = ("missing key \"\(key.stringValue)\"", context.codingPath)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (message, path) = (context.debugDescription, context.codingPath)
        @unknown default:
            return "\(error)"
        }
        var place = ""
        for key in path.dropFirst(depth) {
            if let index = key.intValue { place += "[\(index)]" } else { place += (place.isEmpty ? "" : ".") + key.stringValue }
        }
        return place.isEmpty ? message : "\(message) at \(place)"
    }
}
