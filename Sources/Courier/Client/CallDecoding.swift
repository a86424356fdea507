import Foundation

/// The one place a body becomes a call's value: at the chain's boundary (so that observation
/// wares see the outcome), for early responses (``Client/updates(for:)``), and for an answer
/// observation wares gave without running the rest (then nothing was decoded at the boundary).
enum CallDecoding {
    /// `response` as `Value` by `decoding`, or a decoding ``CourierError``.
    /// The failure's body excerpt hides what `redaction` (the service's) calls sensitive.
    static func decode<Value>(
        _ response: RawResponse, with decoding: ResponseDecoding<Value>, decoder: JSONDecoder, redaction: Redaction
    ) throws -> Value {
        do {
            return try decoding.decode(response, decoder)
        } catch let error as DecodingError {
            throw CourierError.decoding(DecodingFailure(error, type: Value.self, response: response, redaction: redaction))
        } catch let error as CourierError {
            throw error
        } catch {
            throw CourierError.decoding(DecodingFailure(
                type: "\(Value.self)", codingPath: "", message: "\(error)",
                contentType: response.http.headerFields[.contentType], bodyExcerpt: response.bodyExcerpt(redactedBy: redaction),
                response: response))
        }
    }
}

/// The record of a call that decodes its answer into a `Value`: the decoded value is kept here,
/// typed (no boxing, no cast), under the call storage's lock, because an observation ware may
/// run the rest of the chain in another task. One object per call holds both.
final class DecodingCallRecord<Value: Sendable>: CallRecord, @unchecked Sendable {
    // @unchecked: `decoded` is only read and written under the call storage's lock.
    let decoding: ResponseDecoding<Value>
    let decoder: JSONDecoder
    let redaction: Redaction
    private var decoded: Value?

    init(
        core: ClientCore, endpoint: String, boundedEndpoint: String?, parent: CallID?, setup: CallSetup,
        decoding: ResponseDecoding<Value>
    ) {
        self.decoding = decoding
        self.decoder = core.decoder
        self.redaction = core.service.redaction
        super.init(core: core, endpoint: endpoint, boundedEndpoint: boundedEndpoint, parent: parent, setup: setup)
    }

    override func decodeAtBoundary(_ response: RawResponse) throws {
        let value = try CallDecoding.decode(response, with: decoding, decoder: decoder, redaction: redaction)
        storage.withLock { decoded = value }
    }

    /// The value decoded at the boundary, or `response` decoded now when none was.
    func value(for response: RawResponse) throws -> Value {
        if let value = storage.withLock({ decoded }) { return value }
        return try CallDecoding.decode(response, with: decoding, decoder: decoder, redaction: redaction)
    }
}
