import Foundation
import Logging

/// Everything about one call that travels with its request through every ware and into the
/// transport: which endpoint and attempt it is, a logger that says so, storage shared by the
/// call's wares, the client's clocks and randomness, and the means to publish events and to
/// send side requests.
///
/// Wares receive it with the request and pass it on with `next(request, context)`; a ware that
/// replays a request passes a copy with ``attempt`` increased:
///
/// ```swift
/// var again = context
/// again.attempt += 1
/// return try await next(request, again)
/// ```
public struct CallContext: Sendable {
    /// The endpoint's name: the spec's endpoint name, or `METHOD /path` for unnamed requests.
    public var endpoint: String { record.endpoint }
    /// ``endpoint`` when its values are bounded, for a metric's dimension or a span's name: the
    /// spec's name, or `METHOD /template` for an unnamed request whose path has placeholders;
    /// `nil` for an unnamed request with a literal path (`GET /notes/42`), one name per ID.
    package var boundedEndpoint: String? { record.boundedEndpoint }
    /// This call's ID, unique in the process.
    public var callID: CallID { record.callID }
    /// The call that sent this one as a side request, if any.
    public var parentCallID: CallID? { record.parentCallID }
    /// 1 for the first attempt; a ware that replays the request increases it for what it sends.
    public var attempt: Int
    /// The client's logger with this call's metadata (`courier.call`, `courier.endpoint`,
    /// `courier.parent` for side requests, `courier.attempt` on replays and `courier.group` in a
    /// batch or chain). Wares log through
    /// it; Courier never bootstraps logging. Setting it (to add metadata of your own) keeps the
    /// call's metadata and passes yours on to the wares inside.
    public var logger: Logger {
        get {
            // Built on demand: copying a logger to add metadata allocates, and most calls never log.
            var logger = baseLogger
            logger[metadataKey: "courier.call"] = .stringConvertible(callID)
            logger[metadataKey: "courier.endpoint"] = .string(endpoint)
            if let parentCallID { logger[metadataKey: "courier.parent"] = .stringConvertible(parentCallID) }
            if attempt > 1 { logger[metadataKey: "courier.attempt"] = .stringConvertible(attempt) }
            if let group = setup.group { logger[metadataKey: "courier.group"] = .stringConvertible(group) }
            return logger
        }
        set { customLogger = newValue }
    }
    /// The batches and chains this call is a member of, and where in each (`nil` for a call sent
    /// on its own); wares and observers group calls by it, and the logger says it as
    /// `courier.group`.
    public var group: CallGroupMembership? { record.setup.group }
    /// Typed values shared by this call's wares.
    public var storage: CallStorage { record.storage }
    /// Whose call this is, decided before any ware runs (see ``Principal``): wares that share
    /// work or stored answers between calls key them by it.
    public var principal: Principal { record.principal }

    /// What the call fixed when it started, shared by every copy of its context: a context is
    /// passed down every ware, so it stays two words and an integer (one reference to retain).
    let record: CallRecord
    /// A logger a ware set for the wares inside it; the client's otherwise.
    private var customLogger: Logger?

    init(record: CallRecord) {
        self.record = record
        self.attempt = 1
    }

    var core: ClientCore { record.core }
    var setup: CallSetup { record.setup }
    /// The logger before the call's metadata is added.
    var baseLogger: Logger { customLogger ?? record.core.logger }

    /// The service the client talks to.
    public var service: ServiceConfiguration { core.service }

    /// The client's clock, for sleeps (backoff) and windows; a manual clock in tests.
    public var clock: any Clock<Duration> { core.clock.clock }

    /// The client's wall clock, for dates: token expiry, `Retry-After` dates, cache ages.
    public var wallClock: WallClock { core.wallClock }

    /// The client's random source, for jitter.
    public var random: RandomSource { core.random }

    /// The JSON decoder the client made from the service's ``ServiceConfiguration/coding``, once.
    var decoder: JSONDecoder { core.decoder }

    /// How long this call has been running, on the client's clock.
    public var elapsed: Duration { core.clock.now - setup.start }

    /// Sleeps on the client's clock; cancelling the calling task ends the sleep at once by
    /// throwing `CancellationError`.
    public func sleep(for duration: Duration) async throws {
        try await core.clock.clock.sleep(for: duration, tolerance: nil)
    }

    /// Publishes `event` to every subscription made by the client's ``Client/events()``.
    public func publish(_ event: any ServiceEvent) {
        logger.debug("event published", metadata: ["courier.event": "\(event)"])
        core.events.publish(event)
    }

    /// Whether the caller takes more than one response (``Client/updates(for:)``), so that
    /// ``deliverEarly(_:)`` reaches someone.
    public var takesEarlyResponses: Bool { setup.interim != nil }

    /// Hands the caller a response before the call ends, such as a stored value while the
    /// network is asked: ``Client/updates(for:)`` decodes and yields it at once; `send` callers
    /// only get what the call finally returns, so this does nothing for them.
    public func deliverEarly(_ response: RawResponse) {
        setup.interim?(response, self)
    }
}

extension CallContext {
    /// What the transport learns of this call: its identity, logger, deadline (`timeout` from now)
    /// and progress sink.
    func transportContext(timeout: Duration) -> TransportContext {
        TransportContext(
            callID: callID, endpoint: endpoint, attempt: attempt, principal: principal, logger: baseLogger,
            deadline: core.clock.now + timeout, timeout: timeout, progress: setup.progress, clock: core.clock)
    }

    /// A context for a new call of `client` named `endpoint`, outside any pipeline: for
    /// running a ware by itself in a test (`CourierTesting`'s `CallContext.testing`).
    package static func detached(client: Client, endpoint: String) -> CallContext {
        let core = client.core
        let setup = CallSetup(start: core.clock.now, skipped: [], interim: nil)
        return CallContext(record: CallRecord(core: core, endpoint: endpoint, boundedEndpoint: endpoint, parent: nil, setup: setup))
    }
}
