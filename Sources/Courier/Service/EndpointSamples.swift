import Foundation
import HTTPTypes

/// An endpoint's sample responses, from the spec's `sample:` and `samples:` files: what a stub
/// answers in place of the server (`StubTransport(samples: Petstore.samples)` in `CourierTesting`).
///
/// Generated specs hold one per endpoint in `<Service>.samples`, keyed by endpoint name, in a file
/// compiled only into debug builds or where `COURIER_SAMPLES` is defined:
///
/// ```swift
/// let missing = Petstore.samples["getPet"]?.response(for: 404)   // the spec's 404 sample
/// ```
public struct EndpointSamples: Sendable {
    /// The endpoint's name, as `Request.name` carries it (`getPet`).
    public var endpoint: String
    /// Its method.
    public var method: HTTPRequest.Method
    /// Its path template relative to the service's base URL (`/pets/{id}`).
    public var path: String
    /// The sample responses, in the spec's order (`sample:` first).
    public var responses: [ResponseSample]

    /// Creates an endpoint's samples.
    public init(endpoint: String, method: HTTPRequest.Method, path: String, responses: [ResponseSample]) {
        self.endpoint = endpoint
        self.method = method
        self.path = path
        self.responses = responses
    }

    /// The sample for `status`, if the spec has one.
    public func response(for status: HTTPResponse.Status) -> ResponseSample? {
        responses.first { $0.status == status }
    }

    /// The success sample: the one with the lowest `2xx` status, if any.
    public var success: ResponseSample? {
        responses.filter { $0.status.kind == .successful }.min { $0.status.code < $1.status.code }
    }
}

/// One sample response: a status, header fields and a body.
public struct ResponseSample: Sendable, Hashable {
    /// The status.
    public var status: HTTPResponse.Status
    /// The header fields, in order (`Content-Type` included when there is a body).
    public var headers: [HeaderItem]
    /// The body; empty for none.
    public var body: Data

    /// Creates a sample response.
    public init(status: HTTPResponse.Status, headers: KeyValuePairs<String, String> = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers.map { HeaderItem(name: $0.key, value: $0.value) }
        self.body = body
    }

    /// The sample as a response off the wire; a header whose name is not a valid field name is
    /// left out (generated samples have none).
    public var rawResponse: RawResponse {
        var fields = HTTPFields()
        for header in headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return RawResponse(status: status, headers: fields, body: body)
    }
}
