// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// A `Transport` on AsyncHTTPClient (SwiftNIO): the transport for servers, and for anything on
/// Linux that talks to servers it does not trust.
///
/// On Linux, `URLSessionTransport` rests on swift-corelibs-foundation, which ends the whole
/// process when a server sends a status line and closes the connection; this transport turns
/// every such misbehaviour into a `CourierError`. Like every Courier transport it bounds the
/// whole exchange, body included, by the request's timeout; holds the body to the request's
/// `PreparedRequest/maximumResponseSize`; follows redirects by `PreparedRequest/redirects`
/// without credentials to another origin; and stops at once when the calling task is
/// cancelled. Compressed bodies (gzip, deflate) are inflated, refusing ratios above
/// ``Configuration/maximumDecompressionRatio``. Its `HTTPClient` starts no tracing span of its own,
/// whatever tracer is bootstrapped: add `TracingWare` (CourierTelemetry) to trace calls.
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
        /// as `TransportFailure/compressionRatioExceeded(_:)`.
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
    /// Raised before the client is shut down (see `DelegateExchange.send`).
    private let shuttingDown = Locked(false)
    /// Which event loop each call's delegate runs on (internal for tests).
    let loops: LoopChoice
    /// Blocks streamed response bodies are copied into (see ``BlockPool``; internal for tests).
    let blocks = BlockPool()

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
        // No span of AsyncHTTPClient's own: the delegate API starts it on the event loop, outside
        // the calling task, so it would have no parent; the call's span is `TracingWare`'s. Building
        // its attributes cost about 5 µs a call even with no tracer bootstrapped.
        settings.tracing.tracer = nil
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        self.loops = LoopChoice(group: HTTPClient.defaultEventLoopGroup)
    }

    /// A task executor on one of this transport's event loops, for reading large bodies at the
    /// loop's own pace: a task that prefers it sends its calls on that loop and gets their bodies
    /// there without a copy to another thread (see ``EventLoopTaskExecutor``).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    public func eventLoopExecutor() -> EventLoopTaskExecutor {
        EventLoopTaskExecutor(loop: loops.next())
    }

    deinit {
        // Shutting down twice is harmless: the second reports `alreadyShutdown`, ignored.
        client.shutdown { _ in }
    }

    /// Closes the transport's connections; sends after it fail.
    public func shutdown() async throws {
        shuttingDown.withLock { $0 = true }
        try await client.shutdown()
    }

    /// Sends `request` and returns the response, whatever its status.
    ///
    /// File and streamed request bodies are sent as they are read (chunked when their length is
    /// unknown); a response body is collected, streamed with back-pressure, or written to a file,
    /// as `PreparedRequest/delivery(for:)` says.
    public func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        try request.checkBodyAllowed()
        let client = self.client
        let ratio = configuration.maximumDecompressionRatio
        let (loops, blocks, shuttingDown) = (self.loops, self.blocks, self.shuttingDown)
        do {
            if AsyncHTTPClientTransport.usesDelegateAPI(request) {
                // AsyncHTTPClient's delegate API, whose deadline (on the event loop) covers the
                // whole exchange, body included: no task and no timer of Courier's own per call.
                // The first hop directly, and redirects only when there is one to follow: two
                // async frames fewer for most calls.
                let response = try await DelegateExchange.send(
                    request, on: client, shuttingDown: shuttingDown, loops: loops, blocks: blocks, context: context, ratio: ratio)
                guard RedirectRules.follows(response, of: request) else { return response }
                return try await RedirectRules.send(request, answered: response) { hop in
                    try await DelegateExchange.send(
                        hop, on: client, shuttingDown: shuttingDown, loops: loops, blocks: blocks, context: context, ratio: ratio)
                }
            }
            // A stream sent as it is read, its answer collected or downloaded: the async API, which
            // takes each chunk without a round trip to the event loop; its deadline ends at the
            // head, so Courier's own deadline bounds the body.
            return try await withDeadline(context.remaining, timeout: request.timeout) {
                try await RedirectRules.send(request) { hop in
                    try await AsyncHTTPClientTransport.exchange(hop, on: client, context: context, ratio: ratio)
                }
            }
        } catch {
            throw AsyncHTTPClientTransport.map(error, request: request, ratio: ratio)
        }
    }

    /// Whether `request` goes through AsyncHTTPClient's delegate API: when it streams its answer,
    /// or sends no body, one in memory, or one whose files go out as `FileRegion`s
    /// (``FileRegionUpload``). The rest (a stream sent while a collected or downloaded answer may
    /// come before it ends) takes the async API, which hands over such an answer on its own.
    private static func usesDelegateAPI(_ request: PreparedRequest) -> Bool {
        if request.responseDelivery.mode == .stream { return true }
        return request.body == nil || request.body?.data != nil || FileRegionUpload.segments(of: request) != nil
    }

    /// Sends one request without following redirects, and hands its body over as it asks: for
    /// downloads to a file and uploads read while sending whose answer is collected.
    private static func exchange(
        _ request: PreparedRequest, on client: HTTPClient, context: TransportContext, ratio: Int
    ) async throws -> RawResponse {
        let deadline = NIODeadline.now() + TimeAmount(max(context.remaining, .zero))
        let response = try await client.execute(
            outgoing(request, context: context, eventLoops: client.eventLoopGroup), deadline: deadline, logger: nil)
        let (head, contentLength) = NIOConversions.response(status: response.status, headers: response.headers)
        // The length the reader gets: a content-coded body's field counts the coded bytes.
        let readable = ResponseBodyCollector.readableLength(ResponseBodyCollector.declaredLength(contentLength), of: head)
        switch request.delivery(for: head.status).mode {
        case .collect, .stream:
            // A request that streams its answer went through DelegateExchange and never gets here.
            var body = ResponseBodyCollector(limit: request.maximumResponseSize)
            try body.expect(contentLength: ResponseBodyCollector.bodyLengthField(of: head, method: request.http.method))
            // Only the answer's body counts as the call's download, not a redirect's or an error page's.
            let counts = context.progress.isActive && request.acceptableStatus.accepts(head.status.code)
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { bytes in try body.append(bytes) }
                if counts { context.progress.received(body.data.count, of: readable) }
            }
            return RawResponse(http: head, body: body.data)
        case .file(let destination):
            let file = try FileDownload.make(for: request, destination: destination, head: head)
            do {
                for try await buffer in response.body {
                    try file.write(buffer.sharedData)
                    if context.progress.isActive { context.progress.received(file.written, of: file.expectedLength ?? readable) }
                }
                let url = try file.commit()
                return RawResponse(http: head, body: .file(url))
            } catch {
                file.discard()
                throw error
            }
        }
    }

    /// AsyncHTTPClient's request for `request`.
    private static func outgoing(_ request: PreparedRequest, context: TransportContext, eventLoops: any EventLoopGroup) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: NIOConversions.url(of: request))
        outgoing.method = HTTPMethod(rawValue: request.http.method.rawValue)
        outgoing.headers = NIOConversions.headers(of: request)
        if let body = request.body {
            if let data = body.data {
                outgoing.body = .bytes(ByteBuffer(bytes: data))
                if context.progress.isActive { context.progress.sent(0, of: data.count) }
            } else {
                let length: HTTPClientRequest.Body.Length = body.length.map { .known(Int64($0)) } ?? .unknown
                outgoing.body = .stream(OutgoingChunks(body: body, progress: context.progress, eventLoops: eventLoops), length: length)
            }
        }
        return outgoing
    }
}

extension TimeAmount {
    /// The same span as a `TimeAmount`, at most `Int64.max` nanoseconds (292 years): a spec may
    /// say `timeout: 9999999999` for "never", which in nanoseconds overflows (and trapped).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowedAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowed || overflowedAgain {
            self = .nanoseconds(seconds < 0 ? .min : .max)
        } else {
            self = .nanoseconds(total)
        }
    }
}
#endif
