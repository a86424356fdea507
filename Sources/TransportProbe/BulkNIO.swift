// The ceiling needs SwiftNIO itself, there only with the package's AsyncHTTPClient trait.
#if AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// A 1 GiB download with a SwiftNIO channel and nothing else: one `GET`, the answer's bytes
/// counted in `channelRead` on the event loop and dropped, each read into a buffer of
/// `readSize` bytes that NIO reuses. No HTTP parsing beyond finding the end of the head, no
/// hand-over to another thread.
///
/// It is the ceiling of any client built on NIO's socket channel: AsyncHTTPClient (and so
/// Courier's transport over it) reads at most 64 KB at a time and offers no option to change
/// it; `nio64k` shows what that read size allows, `nio256k` what a larger one would.
struct NIORun {
    let readSize: Int
    let port: Int
    let bytes: Int

    /// `<outcome> <elapsed-ms> <bytes>`, as ``BulkRun/run()`` prints.
    func run() async -> String {
        let group = MultiThreadedEventLoopGroup.singleton
        let clock = ContinuousClock()
        let start = clock.now
        var moved = -1
        let outcome: String
        do {
            let done = group.next().makePromise(of: Int.self)
            let counter = BodyCounter(expected: bytes, done: done)
            let channel = try await ClientBootstrap(group: group)
                .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: readSize))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(counter) }
                }
                .connect(host: "127.0.0.1", port: port).get()
            let head = "GET /bytes/\(bytes) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            try await channel.writeAndFlush(ByteBuffer(string: head)).get()
            moved = try await done.futureResult.get()
            try? await channel.close().get()
            outcome = moved == bytes ? "ok" : "short"
        } catch {
            outcome = "\(type(of: error))"
        }
        return BulkFiles.line(outcome, clock.now - start, moved)
    }
}

/// Counts body bytes after the response head; succeeds `done` once `expected` arrived (or with
/// what arrived when the connection closes first).
private final class BodyCounter: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: used only on its channel's event loop.
    typealias InboundIn = ByteBuffer

    private let expected: Int
    private let done: EventLoopPromise<Int>
    private var head: [UInt8] = []
    private var inBody = false
    private var received = 0

    init(expected: Int, done: EventLoopPromise<Int>) {
        self.expected = expected
        self.done = done
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        if inBody {
            received += buffer.readableBytes
        } else {
            head += buffer.readableBytesView
            let end = head.indices.dropLast(3).first { head[$0] == 13 && head[$0 + 1] == 10 && head[$0 + 2] == 13 && head[$0 + 3] == 10 }
            if let end {
                inBody = true
                received = head.count - (end + 4)
                head = []
            }
        }
        if received >= expected { done.succeed(received) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.succeed(received)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        done.fail(error)
        context.close(promise: nil)
    }
}
#endif

#if AsyncHTTPClient
import AsyncHTTPClient

/// The same download through AsyncHTTPClient's delegate API, each part counted on the event
/// loop and dropped: what AsyncHTTPClient costs before any hand-over to a reader.
struct DelegateCountRun {
    let port: Int
    let bytes: Int

    func run() async -> String {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let clock = ContinuousClock()
        let start = clock.now
        var moved = -1
        let outcome: String
        do {
            let request = try HTTPClient.Request(url: "http://127.0.0.1:\(port)/bytes/\(bytes)")
            moved = try await client.execute(request: request, delegate: PartCounter()).futureResult.get()
            outcome = moved == bytes ? "ok" : "short"
        } catch {
            outcome = "\(type(of: error))"
        }
        let elapsed = clock.now - start
        try? await client.shutdown()
        return BulkFiles.line(outcome, elapsed, moved)
    }
}

private final class PartCounter: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked: AsyncHTTPClient calls it on one event loop.
    var received = 0

    func didReceiveBodyPart(task: HTTPClient.Task<Int>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        received += buffer.readableBytes
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Int>) throws -> Int { received }
}
#endif
