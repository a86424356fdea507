import Foundation

/// How a successful response becomes a request's `Expected` value.
///
/// The built-in strategies cover JSON models, empty bodies, raw bytes and text; make your own
/// with ``init(_:)`` for anything else (XML, protobuf):
///
/// ```swift
/// let csv = ResponseDecoding<[String]> { response, _ in
///     String(decoding: response.body, as: UTF8.self).components(separatedBy: ",")
/// }
/// ```
public struct ResponseDecoding<Expected: Sendable>: Sendable {
    let decode: @Sendable (RawResponse, JSONDecoder) throws -> Expected

    /// Creates a strategy from a closure given the response and the service's JSON decoder.
    public init(_ decode: @escaping @Sendable (RawResponse, JSONDecoder) throws -> Expected) {
        self.decode = decode
    }
}

extension ResponseDecoding where Expected: Decodable {
    /// Decodes the body as JSON with the service's decoder.
    public static var json: ResponseDecoding {
        ResponseDecoding { response, decoder in try decoder.decode(Expected.self, from: response.body) }
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
        ResponseDecoding { response, _ in response.body }
    }
}

extension ResponseDecoding where Expected == String {
    /// Returns the body as UTF-8 text; invalid UTF-8 is a decoding error.
    public static var string: ResponseDecoding {
        ResponseDecoding { response, _ in
            guard let text = String(data: response.body, encoding: .utf8) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not valid UTF-8"))
            }
            return text
        }
    }
}
