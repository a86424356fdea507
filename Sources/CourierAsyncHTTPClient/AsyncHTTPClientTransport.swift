// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// A ``Transport`` on AsyncHTTPClient (SwiftNIO): the transport for servers, and for anything on
/// Linux that talks to servers it does not trust.
///
/// On Linux, `URLSessionTransport` rests on swift-corelibs-foundation, which ends the whole
/// process when a server sends a status line and closes the connection; this transport turns
/// every such misbehaviour into a ``CourierError``. Like every Courier transport it bounds the
/// whole exchange, body included, by the request's timeout; holds the body to the request's
/// ``PreparedRequest/maximumResponseSize``; follows redirects by ``PreparedRequest/redirects``
/// without credentials to another origin; and stops at once when the calling task is
/// cancelled. Compressed bodies (gzip, deflate) are inflated, refusing ratios above
/// ``Configuration/maximumDecompressionRatio``.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// let client = try Client(service: Petstore.service(), transport: transport)
/// // … when the server shuts down:
/// try await transport.shutdown()
/// ```
public final class AsyncHTTPClientTransport: Transport {
    /// How the transport's `HTTPClient` is set up.
    public struct Configuration: Sendable {
        /// How long connecting may take (within the request's own timeout).
        public var connectTimeout: Duration
        /// The largest ratio of inflated to compressed size a body may have; a larger one fails
        /// as ``TransportFailure/compressionRatioExceeded(_:)``.
        public var maximumDecompressionRatio: Int
        /// The most connections kept open to one host.
        public var maximumConnectionsPerHost: Int

        /// Creates a configuration.
        public init(connectTimeout: Duration = .seconds(10), maximumDecompressionRatio: Int = 100, maximumConnectionsPerHost: Int = 8) {
            self.connectTimeout = connectTimeout
            self.maximumDecompressionRatio = maximumDecompressionRatio
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
        }
    }

    private let client: HTTPClient
    private let configuration: Configuration

    /// Creates a transport with an `HTTPClient` of its own on the shared event loop group.
    /// Call ``shutdown()`` when done; a transport released without it shuts its client down in
    /// the background.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var settings = HTTPClient.Configuration()
        // Redirects are followed here, by Courier's rules, so that every credential field is dropped
        // on the way to another origin, not only the ones AsyncHTTPClient knows.
        settings.redirectConfiguration = .disallow
        settings.decompression = .enabled(limit: .ratio(configuration.maximumDecompressionRatio))
        settings.timeout = HTTPClient.Configuration.Timeout(connect: TimeAmount(configuration.connectTimeout))
        settings.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = configuration.maximumConnectionsPerHost
        // A refused connection fails the call at once; retrying is the Retry ware's decision.
        settings.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
    }

    deinit {
        // Shutting down twice is harmless: the second reports `alreadyShutdown`, ignored.
        client.shutdown { _ in }
    }

    /// Closes the transport's connections; sends after it fail.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Sends `request` and returns the response, whatever its status.
    public func send(_ request: PreparedRequest, context: CallContext) async throws -> RawResponse {
        try request.checkBodyAllowed()
        let client = self.client
        do {
            return try await withDeadline(request.timeout) {
                try await AsyncHTTPClientTransport.exchange(request, on: client)
            }
        } catch {
            throw AsyncHTTPClientTransport.map(error, request: request, ratio: configuration.maximumDecompressionRatio)
        }
    }

    /// Sends `request`, following redirects as it allows, and reads the final body.
    private static func exchange(_ request: PreparedRequest, on client: HTTPClient) async throws -> RawResponse {
        try await RedirectRules.send(request) { hop in
            let response = try await client.execute(outgoing(hop), deadline: .now() + TimeAmount(hop.timeout), logger: nil)
            var body = ResponseBodyCollector(limit: hop.maximumResponseSize)
            try body.expect(contentLength: response.headers.first(name: "Content-Length"))
            for try await buffer in response.body {
                try body.append(buffer.readableBytesView)
            }
            return RawResponse(http: head(of: response), body: body.data)
        }
    }

    /// AsyncHTTPClient's request for `request`.
    private static func outgoing(_ request: PreparedRequest) -> HTTPClientRequest {
        let head = request.http
        var outgoing = HTTPClientRequest(url: "\(head.scheme ?? "https")://\(head.authority ?? "")\(head.path ?? "/")")
        outgoing.method = HTTPMethod(rawValue: head.method.rawValue)
        for field in head.headerFields {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        return outgoing
    }

    /// Courier's response head for AsyncHTTPClient's; fields whose names are not valid HTTP
    /// tokens are left out.
    private static func head(of response: HTTPClientResponse) -> HTTPResponse {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        let status = HTTPResponse.Status(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase)
        return HTTPResponse(status: status, headerFields: fields)
    }
}

extension TimeAmount {
    /// The same span as a `TimeAmount`.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
#endif
