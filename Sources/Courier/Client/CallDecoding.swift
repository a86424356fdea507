import Foundation

/// What the chain decodes at its boundary, for the call in progress.
protocol BoundaryDecoding: Sendable {
    /// Decodes `response` and keeps the value in the call's `storage`.
    func decodeAtBoundary(_ response: RawResponse, into storage: CallStorage) throws
}

/// The one place a body becomes a call's value: at the chain's boundary (so that observation
/// wares see the outcome), for early responses (``Client/updates(for:)``), and for an answer
/// observation wares gave without running the rest (then nothing was decoded at the boundary).
struct CallDecoding<Value: Sendable>: BoundaryDecoding {
    let decoding: ResponseDecoding<Value>
    let decoder: JSONDecoder

    func decodeAtBoundary(_ response: RawResponse, into storage: CallStorage) throws {
        storage.decoded = try decode(response)
    }

    /// The value decoded at the boundary, or `response` decoded now when none was.
    func value(for response: RawResponse, in storage: CallStorage) throws -> Value {
        if let value = storage.decoded as? Value { return value }
        return try decode(response)
    }

    /// `response` as `Value`, or a decoding ``CourierError``.
    func decode(_ response: RawResponse) throws -> Value {
        do {
            return try decoding.decode(response, decoder)
        } catch let error as DecodingError {
            throw CourierError.decoding(DecodingFailure(error, type: Value.self, response: response))
        } catch let error as CourierError {
            throw error
        } catch {
            throw CourierError.decoding(DecodingFailure(
                type: "\(Value.self)", codingPath: "", message: "\(error)",
                contentType: response.http.headerFields[.contentType], bodyExcerpt: response.bodyExcerpt, response: response))
        }
    }
}
