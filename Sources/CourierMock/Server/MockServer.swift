#if MockServer
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// `courier-mock` as a value: an HTTP/1.1 server on SwiftNIO that serves every endpoint of a
/// ``MockService`` from its samples, checking each request against the spec.
///
/// ```swift
/// let server = try await MockServer.start(service: try MockService.load(specFiles: [spec]), options: MockOptions(port: 0))
/// // http://127.0.0.1:\(server.port)/v1/pets answers samples/pets.json
/// try await server.stop()
/// ```
///
/// - A request is routed by method and path template (`{id}` one segment, `{+path}` several;
///   under the specs' base paths too, `/v1/pets` as well as `/pets`); the answer is the
///   endpoint's success sample, or the one `Prefer: code=404` or `Prefer: example=pet-missing`
///   (a sample file's name without directory and extension) picks.
/// - A request that does not fit the spec gets an RFC 9457 `application/problem+json` `400`
///   (parameters, header fields, a body that is missing or not JSON) or `422` (a body that does
///   not fit its model) whose `errors` name each field; a path no endpoint has a `404` naming the
///   closest template; a known path with another method a `405` with `Allow`.
/// - With ``MockOptions/keepsState``, resources created are visible to later requests (see
///   the README's "courier-mock" section for the rules).
public final class MockServer: Sendable {
    /// The port the server listens on.
    public let port: Int
    /// `http://host:port`.
    public let baseURL: URL
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    private init(port: Int, baseURL: URL, group: MultiThreadedEventLoopGroup, channel: any Channel) {
        self.port = port
        self.baseURL = baseURL
        self.group = group
        self.channel = channel
    }

    /// Starts serving `service` as `options` say; returns once the server listens.
    public static func start(service: MockService, options: MockOptions = MockOptions()) async throws -> MockServer {
        let responder = Responder(service: service, keepsState: options.keepsState)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, options.threads))
        let settings = MockHTTPHandler.Settings(
            responder: responder, latency: options.latency, log: options.log, maximumBodySize: options.maximumBodySize,
            streamInterval: options.streamInterval)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(MockHTTPHandler(settings: settings))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: options.host, port: options.port).get()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let port = channel.localAddress?.port ?? options.port
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        guard let url = URL(string: "http://\(host):\(port)") else {
            try? await channel.close()
            try? await group.shutdownGracefully()
            throw MockServerError.invalidHost(options.host)
        }
        return MockServer(port: port, baseURL: url, group: group, channel: channel)
    }

    /// Stops listening, closes every connection and ends the server's threads.
    public func stop() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
    }
}

/// Why a server could not start.
public enum MockServerError: Error, Sendable, Equatable {
    /// The host makes no URL.
    case invalidHost(String)
}
#endif
