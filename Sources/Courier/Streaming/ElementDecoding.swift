import Foundation

/// Decoding one streamed element, and describing the failure when it does not decode.
@usableFromInline
enum ElementDecoding {
    /// `data` decoded as JSON into `type`. Bytes that are not valid UTF-8 are read as the
    /// standard's decoders read them (each bad sequence becoming U+FFFD), so that a value decodes
    /// the same as its text would; valid bytes (nearly always) are decoded as they are. When
    /// `decoder` converts keys from `snake_case`, a `DecodingError` names the keys as they are on
    /// the wire (`finish_reason`), as ``ResponseDecoding/snakeCaseJSON`` does for whole bodies.
    static func json<Value: Decodable>(_ type: Value.Type, from data: Data, decoder: JSONDecoder) throws -> Value {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            do {
                guard let repaired = repairedUTF8(data) else { throw error }
                return try decoder.decode(type, from: repaired)
            } catch let error as DecodingError {
                guard case .convertFromSnakeCase = decoder.keyDecodingStrategy else { throw error }
                throw SnakeCaseWireKeys.rewriting(error)
            }
        }
    }

    /// `data` with each invalid UTF-8 sequence replaced by U+FFFD, or `nil` when it is valid.
    static func repairedUTF8(_ data: Data) -> Data? {
        data.withUnsafeBytes { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            return text.utf8.elementsEqual(bytes) ? nil : Data(text.utf8)
        }
    }

    /// The error for an element at `position` whose decoding into `type` threw `error`.
    @usableFromInline
    static func failure(_ error: any Error, type: Any.Type, data: Data, position: StreamPosition) -> CourierError {
        let codingPath: String
        let message: String
        if let error = error as? DecodingError {
            (codingPath, message) = DecodingFailure.describe(error)
        } else {
            (codingPath, message) = ("", "\(error)")
        }
        let excerpt = data.prefix(256).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        return .stream(.undecodableElement(ElementDecodingFailure(
            position: position, type: "\(type)", codingPath: codingPath, message: message,
            excerpt: excerpt, underlying: error)))
    }
}
