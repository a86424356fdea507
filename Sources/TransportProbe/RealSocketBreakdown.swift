#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore

/// Contenders that take Courier over AsyncHTTPClient apart, for `real-socket` runs that name
/// them (`only`): AsyncHTTPClient's delegate API with a delegate that only counts bytes (what
/// `AsyncHTTPClientTransport` rests on, its client set up alike), and the transport called
/// alone, without a `Client`. Their gaps to bare AHC and to Courier say whether a cost is AsyncHTTPClient's API, the
/// transport, or the client's pipeline.
///
/// `body task AHC` is the other way to bound a whole exchange: the async API (whose deadline ends
/// at the response head) with its body collected in a task of its own, which a timer on the event
/// loop cancels at the deadline. It says what the transport would gain by leaving the delegate API.
///
/// `Courier over AHC on its loops` is Courier over AsyncHTTPClient with each call made from a task
/// that prefers the transport's event loops (`eventLoopExecutor()`), as a server may run its
/// handlers: what a caller gains by staying on the loops instead of the cooperative pool.
extension RealSocket {
    static let breakdownNames = ["delegate AHC", "transport alone AHC", "body task AHC", "Courier over AHC on its loops"]

    static func breakdown(base: String, baseURL: URL) throws -> [Contender] {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: alikeConfiguration)
        let delegate = Contender(
            name: "delegate AHC",
            get: { path in
                let request = try HTTPClient.Request(url: base + path)
                return try await client.execute(request: request, delegate: CountingDelegate(), deadline: .now() + .seconds(30))
                    .futureResult.get()
            },
            revalidate: { throw URLError(.unsupportedURL) },
            shutDown: { try? await client.shutdown() })
        let transport = AsyncHTTPClientTransport()
        let alone = Contender(
            name: "transport alone AHC",
            get: { path in
                guard let url = URL(string: base + path) else { throw URLError(.badURL) }
                let request = PreparedRequest(http: HTTPRequest(method: .get, url: url), timeout: .seconds(30), maximumResponseSize: 8 << 20)
                let response = try await transport.send(request, context: TransportContext(endpoint: "GET", timeout: .seconds(30)))
                return response.body.data?.count ?? 0
            },
            revalidate: { throw URLError(.unsupportedURL) },
            shutDown: { try? await transport.shutdown() })
        let bodyTask = Contender(
            name: "body task AHC",
            get: { path in
                let deadline = NIODeadline.now() + .seconds(30)
                let response = try await client.execute(HTTPClientRequest(url: base + path), deadline: deadline)
                let body = Task { try await response.body.collect(upTo: 8 << 20) }
                let timer = client.eventLoopGroup.any().scheduleTask(deadline: deadline) { body.cancel() }
                defer { timer.cancel() }
                return try await withTaskCancellationHandler { try await body.value.readableBytes } onCancel: { body.cancel() }
            },
            revalidate: { throw URLError(.unsupportedURL) },
            shutDown: {})
        let loopTransport = AsyncHTTPClientTransport()
        var service = ServiceConfiguration(name: "socket", baseURL: baseURL, timeout: .seconds(30))
        service.maximumResponseSize = 8 << 20
        let loopClient = try Client(service: service, transport: loopTransport)
        let onLoops = Contender(
            name: "Courier over AHC on its loops",
            get: { path in
                try await withTaskExecutorPreference(loopTransport.eventLoopExecutor()) {
                    try await loopClient.send(Request<Data>(method: .get, path: path)).count
                }
            },
            revalidate: { throw URLError(.unsupportedURL) },
            shutDown: { try? await loopTransport.shutdown() })
        return [delegate, alone, bodyTask, onLoops]
    }
}

/// Counts a response's bytes on the event loop, and nothing else.
private final class CountingDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked: AsyncHTTPClient calls a delegate on one event loop at a time.
    typealias Response = Int
    private var count = 0

    func didReceiveBodyPart(task: HTTPClient.Task<Int>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        count += buffer.readableBytes
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Int>) throws -> Int { count }
}
#endif
