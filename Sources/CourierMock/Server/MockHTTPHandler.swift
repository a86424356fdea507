#if MockServer
import CourierStreamSamples
import Foundation
import NIOCore
import NIOHTTP1

/// One connection's requests: collects each request, has the ``Responder`` answer it, waits the
/// latency on the connection's event loop (never blocking it) and writes the answer.
final class MockHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// What every connection shares.
    struct Settings: Sendable {
        let responder: Responder
        let latency: Duration
        let log: (@Sendable (String) -> Void)?
        let maximumBodySize: Int
        /// How far apart a stream sample's elements are written.
        let streamInterval: Duration
    }

    private let settings: Settings
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?
    private var tooLarge = false
    private var started = ContinuousClock.now

    init(settings: Settings) {
        self.settings = settings
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = nil
            tooLarge = false
            started = ContinuousClock.now
            if head.headers["expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
        case .body(var chunk):
            guard !tooLarge else { return }
            if (body?.readableBytes ?? 0) + chunk.readableBytes > settings.maximumBodySize {
                tooLarge = true
                body = nil
            } else if body == nil {
                body = chunk
            } else {
                body?.writeBuffer(&chunk)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let response: MockResponse
            if tooLarge {
                response = Problem(
                    status: 413, detail: "the body is larger than \(settings.maximumBodySize) bytes", instance: head.uri
                ).response()
            } else {
                let request = MockRequest(
                    method: head.method.rawValue, target: head.uri, headers: head.headers.map { ($0.name, $0.value) },
                    body: body.map { Data($0.readableBytesView) } ?? Data())
                response = settings.responder.respond(to: request)
            }
            body = nil
            let started = self.started
            if settings.latency > .zero {
                context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Self.nanoseconds(settings.latency))) {
                    self.write(response, for: head, started: started, context: context)
                }
            } else {
                write(response, for: head, started: started, context: context)
            }
        }
    }

    private func write(_ response: MockResponse, for head: HTTPRequestHead, started: ContinuousClock.Instant, context: ChannelHandlerContext) {
        // Logged before the answer leaves, so that whoever reads the answer finds its line.
        if let log = settings.log {
            log(RequestLogLine.format(
                method: head.method.rawValue, target: head.uri, status: response.status, endpoint: response.endpoint,
                source: response.source, elapsed: ContinuousClock.now - started))
        }
        var headers = HTTPHeaders()
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let elements = head.method == .HEAD
            ? nil : StreamSampleCutting.elements(of: response.body, contentType: headers.first(name: "Content-Type"))
        if elements != nil {
            // A stream: chunked (no length), one element per write, paced.
            headers.remove(name: "Content-Length")
            headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
            headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
        } else {
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        }
        let responseHead = HTTPResponseHead(version: head.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if let elements {
            context.flush()
            writeElements(elements[...], keepAlive: keepAlive, context: context)
            return
        }
        if head.method != .HEAD, !response.body.isEmpty {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        end(keepAlive: keepAlive, context: context)
    }

    /// Ends the answer, closing the connection unless it is kept alive.
    private func end(keepAlive: Bool, context: ChannelHandlerContext) {
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Writes a stream sample's elements one at a time, ``Settings/streamInterval`` apart on the
    /// connection's event loop, then ends the answer; stops when the client has gone.
    private func writeElements(_ elements: ArraySlice<Data>, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard let element = elements.first else {
            end(keepAlive: keepAlive, context: context)
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: element.count)
        buffer.writeBytes(element)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let rest = elements.dropFirst()
        guard !rest.isEmpty, settings.streamInterval > .zero else {
            writeElements(rest, keepAlive: keepAlive, context: context)
            return
        }
        context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Self.nanoseconds(settings.streamInterval))) {
            self.writeElements(rest, keepAlive: keepAlive, context: context)
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
}
#endif
