import Foundation
import HTTPTypes
import Logging

/// Sends typed ``Request``s to one service through an ordered pipeline of wares and a transport.
///
/// Everything is injected; there are no singletons. Make one client per service and share it:
/// it is `Sendable`, and its ware chain, URL parts and JSON coders are built once, here.
///
/// ```swift
/// let client = try Client(
///     service: Petstore.service(.staging),
///     transport: URLSessionTransport(),
///     wares: [RequestID(), Timing()],
///     logger: logger
/// )
/// let pets = try await client.send(Petstore.listPets(limit: 20))
/// ```
public final class Client: Sendable {
    let core: ClientCore

    /// The service this client talks to.
    public var service: ServiceConfiguration { core.service }
    /// The logger handed to wares (each call adds its own metadata).
    public var logger: Logger { core.logger }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - service: Where the service is and how it speaks.
    ///   - transport: What moves bytes; ``URLSessionTransport`` by default.
    ///   - wares: The client-wide pipeline, run in ``WarePosition`` order (ties keep this order).
    ///   - logger: Passed to wares; Courier never bootstraps logging itself.
    ///   - clock: What wares sleep on and measure with (backoff, windows, call durations).
    ///   - wallClock: Where wares read dates (token expiry, `Retry-After` dates, cache ages).
    ///   - random: Where wares draw randomness (jitter).
    /// - Throws: ``CourierError`` with ``InvalidRequestReason/invalidBaseURL(_:)`` when the base
    ///   URL has no scheme or host, ``InvalidRequestReason/baseURLPartNotSent(url:part:)`` when it
    ///   has a query, credentials or a fragment (which no request would be sent with).
    public init(
        service: ServiceConfiguration,
        transport: any Transport = URLSessionTransport(),
        wares: [any Ware] = [],
        logger: Logger = Logger(label: "courier", factory: { _ in SwiftLogNoOpLogHandler() }),
        clock: any Clock<Duration> = ContinuousClock(),
        wallClock: WallClock = .system,
        random: RandomSource = .system
    ) throws {
        self.core = try ClientCore(
            service: service, transport: transport, wares: wares, logger: logger,
            clock: clock, wallClock: wallClock, random: random)
    }

    /// Sends `request` and returns its decoded value.
    ///
    /// - Throws: ``CourierError`` saying which call failed and why, or `CancellationError` when
    ///   the calling task was cancelled.
    public func send<Expected>(_ request: Request<Expected>) async throws -> Expected {
        try await core.perform(request, decoding: request.decoding, parent: nil, skipping: [], interim: nil).0
    }

    /// Sends `request` and returns the decoded value with the raw response, its source and timing.
    public func response<Expected>(for request: Request<Expected>) async throws -> Response<Expected> {
        let (value, raw, context) = try await core.perform(request, parent: nil, skipping: [], interim: nil)
        return Response(value: value, raw: raw, metrics: context.metricsSoFar)
    }

    /// Sends `request` and calls `completion` with the outcome, for code not using async/await
    /// (``PlanRunning/run(_:completion:)`` for batches and chains).
    ///
    /// The completion handler runs on an arbitrary thread. Cancelling the returned handle cancels
    /// the transport call and completes with `CancellationError`.
    @discardableResult
    public func send<Expected>(
        _ request: Request<Expected>,
        completion: @escaping @Sendable (Result<Expected, any Error>) -> Void
    ) -> any Cancellable {
        run(request, completion: completion)
    }

    /// Runs a request through the pipeline and returns the raw response, without decoding.
    public func raw<Expected>(_ request: Request<Expected>) async throws -> RawResponse {
        try await core.perform(request, decoding: ResponseDecoding { raw, _ in raw }, parent: nil, skipping: [], interim: nil).0
    }

    /// Subscribes to the events this client's wares publish (session ended, maintenance, …) and
    /// returns the subscription: it receives every event published from this call on, however
    /// late its iteration starts. Call it before starting the task that listens:
    ///
    /// ```swift
    /// let events = client.events()
    /// Task { for await event in events { handle(event) } }
    /// ```
    ///
    /// Each call is a subscription of its own, for one consumer (see ``ServiceEvents``).
    public func events() -> ServiceEvents { ServiceEvents(hub: core.events) }

    /// Publishes `event` to every subscription made by ``events()``, as a ware would; for app code
    /// that learns something the wares should not have to (a sign-out, say).
    public func publish(_ event: any ServiceEvent) {
        core.events.publish(event)
    }
}
