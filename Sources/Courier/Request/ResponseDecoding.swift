import Foundation

/// How a successful response becomes a request's `Expected` value.
///
/// The built-in strategies cover JSON models, empty bodies, raw bytes and text; make your own
/// with ``init(delivery:_:)`` for anything else (XML, protobuf):
///
/// ```swift
/// let csv = ResponseDecoding<[String]> { response, _ in
///     String(decoding: try response.collectedBody(), as: UTF8.self).components(separatedBy: ",")
/// }
/// ```
public struct ResponseDecoding<Expected: Sendable>: Sendable {
    let decode: @Sendable (RawResponse, JSONDecoder) throws -> Expected
    /// How the transport hands the body over for this strategy; collected in memory unless it
    /// says otherwise.
    public let delivery: ResponseDelivery

    /// Creates a strategy from a closure given the response and the service's JSON decoder; the
    /// body arrives as `delivery` says (collected by default: ``RawResponse/data`` holds it).
    public init(
        delivery: ResponseDelivery = .collect, _ decode: @escaping @Sendable (RawResponse, JSONDecoder) throws -> Expected
    ) {
        self.decode = decode
        self.delivery = delivery
    }
}

extension RawResponse {
    /// The collected body, for decoding strategies; a body that is not in memory is a decoding
    /// error (a strategy that collects never sees one).
    public func collectedBody() throws -> Data {
        guard let data = body.data else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [], debugDescription: "The body was not collected (\(body)); decode it as a stream or a file"))
        }
        return data
    }
}

extension ResponseDecoding where Expected: Decodable {
    /// Decodes the body as JSON with the service's decoder.
    public static var json: ResponseDecoding {
        ResponseDecoding { response, decoder in try decoder.decode(Expected.self, from: response.collectedBody()) }
    }
}

extension ResponseDecoding where Expected == Void {
    /// Ignores the body; for `204 No Content` and other answers that carry nothing useful.
    public static var empty: ResponseDecoding {
        ResponseDecoding { _, _ in () }
    }
}

extension ResponseDecoding where Expected == Data {
    /// Returns the body bytes as they are.
    public static var data: ResponseDecoding {
        ResponseDecoding { response, _ in try response.collectedBody() }
    }
}

extension ResponseDecoding where Expected == HTTPBody {
    /// Hands over the body as it arrives, to be read with ``HTTPBody/chunks()`` (once): the
    /// transport reads from the network only as fast as the caller does.
    public static var stream: ResponseDecoding {
        ResponseDecoding(delivery: .stream) { response, _ in response.body }
    }
}

extension ResponseDecoding where Expected == URL {
    /// Writes the body to `destination` (or to a new temporary file the caller owns, when `nil`)
    /// and returns where it is; see ``ResponseDelivery/file(_:)``.
    public static func file(to destination: URL?) -> ResponseDecoding {
        ResponseDecoding(delivery: .file(destination)) { response, _ in
            guard let url = response.body.fileURL else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body was not written to a file"))
            }
            return url
        }
    }
}

extension ResponseDecoding where Expected == String {
    /// Returns the body as UTF-8 text; invalid UTF-8 is a decoding error.
    public static var string: ResponseDecoding {
        ResponseDecoding { response, _ in
            guard let text = String(data: try response.collectedBody(), encoding: .utf8) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not valid UTF-8"))
            }
            return text
        }
    }
}
