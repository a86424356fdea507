import Courier
import Foundation
import HTTPTypes

/// A `Transport` that answers from canned replies instead of the network, for tests of code
/// built on a `Client`.
///
/// Replies are registered by method and path. The path is the request's full path without its
/// query, percent-encoded as sent (including the service base URL's path, such as `/v1/pets`);
/// a `{name}` segment in a pattern matches any one segment. Exact paths are tried before
/// patterns; among equals the latest registration wins.
///
/// Made with a spec's samples (`StubTransport(samples: Petstore.samples)`), it answers every
/// endpoint from them, as ``StubBehavior`` says per endpoint or for all; replies registered with
/// ``on(_:_:reply:)`` still win. See ``init(samples:behavior:uploadChunkSize:uploadInterval:downloadChunkSize:downloadInterval:)``.
///
/// A request no reply (and no sample endpoint) matches gets a `404 Not Found` whose text body
/// names the method and path, so by default it surfaces as `CourierError/unacceptableStatus(_:)`
/// with a clear excerpt.
///
/// Every request is recorded, in order, whether or not it matched, with its body read to the end
/// (a file or a stream is read as a real transport would send it) and kept in memory, so that
/// `requests[0].body?.data` shows what was sent. Responses are handed over as the request asks
/// (`ResponseDelivery`): collected, streamed, or written to a file.
///
/// ```swift
/// let stub = StubTransport()
/// stub.on(.get, "/pets/{id}", reply: .json(#"{"id":1,"name":"Rex"}"#))
/// let client = try Client(service: service, transport: stub)
/// let pet = try await client.send(Petstore.getPet(id: 1))
/// #expect(stub.requests.map(\.http.path) == ["/pets/1"])
/// ```
public final class StubTransport: Transport {
    private struct Route: Sendable {
        let method: HTTPRequest.Method
        let segments: [Substring]
        let isPattern: Bool
        let reply: StubReply
    }

    private struct State: Sendable {
        var routes: [Route] = []
        var requests: [PreparedRequest] = []
        var samples: SampleRoutes
        var defaultBehavior: StubBehavior
        var behaviors: [String: StubBehavior] = [:]
    }

    private let state: Locked<State>
    /// How many bytes of a request body one simulated step sends (see ``init(samples:behavior:uploadChunkSize:uploadInterval:downloadChunkSize:downloadInterval:)``).
    public let uploadChunkSize: Int
    /// How long each step of sending a request body takes on the client's clock.
    public let uploadInterval: Duration
    /// How many bytes of a sample's body one simulated step receives.
    public let downloadChunkSize: Int
    /// How long each step of receiving a sample's body takes on the client's clock.
    public let downloadInterval: Duration

    /// Creates a stub that answers every endpoint of `samples` (a generated `Petstore.samples`;
    /// none by default) as `behavior` says, until ``setBehavior(_:for:)`` says otherwise for one.
    /// A request is matched to its endpoint by its name (`Request.name`, which generated factories
    /// set), else by method and path template (the samples' paths are relative to the base URL, so
    /// they are matched against the end of the request's path). Replies registered with
    /// ``on(_:_:reply:)`` win over samples.
    ///
    /// With an `uploadInterval`, request bodies are read `uploadChunkSize` bytes at a time, one
    /// step every `uploadInterval` on the client's clock (a `ManualClock` in tests moves it), each
    /// step reported as upload progress: an upload in progress, for testing progress UI. With a
    /// `downloadInterval`, a sample's body arrives `downloadChunkSize` bytes at a time, one step
    /// every `downloadInterval`, reported as download progress (and written step by step for a
    /// download to a file). By default both happen at once.
    ///
    /// ```swift
    /// let client = try Client(service: Petstore.service(), transport: StubTransport(samples: Petstore.samples))
    /// let pets = try await client.send(Petstore.listPets())     // the spec's sample, through every ware
    /// ```
    public init(
        samples: [String: EndpointSamples] = [:], behavior: StubBehavior = .immediate,
        uploadChunkSize: Int = 64 * 1024, uploadInterval: Duration = .zero,
        downloadChunkSize: Int = 64 * 1024, downloadInterval: Duration = .zero
    ) {
        self.state = Locked(State(samples: SampleRoutes(samples), defaultBehavior: behavior))
        self.uploadChunkSize = max(1, uploadChunkSize)
        self.uploadInterval = uploadInterval
        self.downloadChunkSize = max(1, downloadChunkSize)
        self.downloadInterval = downloadInterval
    }

    /// How endpoints without a behavior of their own answer from their samples.
    public var defaultBehavior: StubBehavior {
        get { state.withLock { $0.defaultBehavior } }
        set { state.withLock { $0.defaultBehavior = newValue } }
    }

    /// Makes `endpoint` (its name, such as `"getPet"`) answer as `behavior` says from now on;
    /// `nil` returns it to ``defaultBehavior``.
    public func setBehavior(_ behavior: StubBehavior?, for endpoint: String) {
        state.withLock { $0.behaviors[endpoint] = behavior }
    }

    /// Registers `reply` for `method` requests to `path` (exact, or with `{name}` segments).
    public func on(_ method: HTTPRequest.Method, _ path: String, reply: StubReply) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let isPattern = segments.contains { StubTransport.isPlaceholder($0) }
        state.withLock { $0.routes.append(Route(method: method, segments: segments, isPattern: isPattern, reply: reply)) }
    }

    /// The requests seen so far, in the order they arrived.
    public var requests: [PreparedRequest] {
        state.withLock { $0.requests }
    }

    /// Forgets the recorded requests (the replies stay).
    public func clearRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    /// Records `request` and answers with the matching reply, or `404` when none matches.
    public func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        try request.checkBodyAllowed()
        var request = request
        if let body = request.body, body.data == nil || uploadInterval > .zero {
            request.body = .bytes(try await read(body, context: context))
        } else if let data = request.body?.data, context.progress.isActive {
            context.progress.sent(data.count, of: data.count)
        }
        let path = StubTransport.pathWithoutQuery(request.http.path ?? "/")
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let (reply, sample) = state.withLock { state -> (StubReply?, (EndpointSamples, StubBehavior)?) in
            state.requests.append(request)
            if let reply = StubTransport.match(request.http.method, segments, in: state.routes) { return (reply, nil) }
            guard let endpoint = state.samples.endpoint(named: context.endpoint, method: request.http.method, segments: segments) else {
                return (nil, nil)
            }
            return (nil, (endpoint, state.behaviors[endpoint.endpoint] ?? state.defaultBehavior))
        }
        if let (endpoint, behavior) = sample {
            return try await answer(request, from: endpoint, as: behavior, context: context)
        }
        guard let reply else {
            let text = "StubTransport: no reply registered for \(request.http.method.rawValue) \(path)"
            return RawResponse(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(text.utf8))
        }
        return try await reply.run(request, context: context)
    }

    /// Reads a request body to its end, as a transport sending it would, paced when asked.
    private func read(_ body: HTTPBody, context: TransportContext) async throws -> Data {
        var data = Data()
        for try await chunk in body.chunks() {
            guard uploadInterval > .zero else {
                data.append(chunk)
                if context.progress.isActive { context.progress.sent(data.count, of: body.length) }
                continue
            }
            var offset = chunk.startIndex
            while offset < chunk.endIndex {
                let end = chunk.index(offset, offsetBy: uploadChunkSize, limitedBy: chunk.endIndex) ?? chunk.endIndex
                // The upload is bounded by the call's deadline, as on a real transport.
                let remaining = context.remaining
                guard uploadInterval <= remaining else {
                    try await context.sleep(for: max(remaining, .zero))
                    throw CourierError.transport(.timedOut(after: context.timeout))
                }
                try await context.sleep(for: uploadInterval)
                data.append(chunk[offset..<end])
                offset = end
                if context.progress.isActive { context.progress.sent(data.count, of: body.length) }
            }
        }
        return data
    }

    private static func match(_ method: HTTPRequest.Method, _ segments: [Substring], in routes: [Route]) -> StubReply? {
        let candidates = routes.reversed().filter { $0.method == method && $0.segments.count == segments.count }
        if let exact = candidates.first(where: { !$0.isPattern && $0.segments == segments }) { return exact.reply }
        return candidates.first { route in
            route.isPattern && zip(route.segments, segments).allSatisfy { expected, actual in
                isPlaceholder(expected) ? !actual.isEmpty : expected == actual
            }
        }?.reply
    }

    private static func isPlaceholder(_ segment: Substring) -> Bool {
        segment.count > 2 && segment.hasPrefix("{") && segment.hasSuffix("}")
    }

    private static func pathWithoutQuery(_ path: String) -> String {
        path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
    }
}
