import Foundation

/// What the chain decodes at its boundary, for the call in progress.
protocol BoundaryDecoding: AnyObject, Sendable {
    /// Decodes `response` and keeps the value for the call.
    func decodeAtBoundary(_ response: RawResponse, into storage: CallStorage) throws
}

/// The one place a body becomes a call's value: at the chain's boundary (so that observation
/// wares see the outcome), for early responses (``Client/updates(for:)``), and for an answer
/// observation wares gave without running the rest (then nothing was decoded at the boundary).
///
/// One per call: the decoded value is kept here, typed (no boxing, no cast), under the call
/// storage's lock, because an observation ware may run the rest of the chain in another task.
final class CallDecoding<Value: Sendable>: BoundaryDecoding, @unchecked Sendable {
    // @unchecked: `decoded` is only read and written under the call storage's lock.
    let decoding: ResponseDecoding<Value>
    let decoder: JSONDecoder
    private var decoded: Value?

    init(decoding: ResponseDecoding<Value>, decoder: JSONDecoder) {
        self.decoding = decoding
        self.decoder = decoder
    }

    func decodeAtBoundary(_ response: RawResponse, into storage: CallStorage) throws {
        let value = try decode(response)
        storage.withLock { decoded = value }
    }

    /// The value decoded at the boundary, or `response` decoded now when none was.
    func value(for response: RawResponse, in storage: CallStorage) throws -> Value {
        if let value = storage.withLock({ decoded }) { return value }
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
