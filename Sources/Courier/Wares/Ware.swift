import Logging

/// A step in a client's pipeline that wraps the rest of it: it sees the request on the way out
/// and the result on the way back.
///
/// This is the one core shape; ``Middleware`` and ``Postware`` are friendlier forms built on it.
/// Implement `Ware` directly when one step needs both sides at once, for example to retry:
///
/// ```swift
/// struct RetryOnce: Ware {
///     func intercept(
///         _ request: PreparedRequest, context: WareContext,
///         next: (PreparedRequest) async throws -> RawResponse
///     ) async throws -> RawResponse {
///         do { return try await next(request) }
///         catch CourierError.transport { return try await next(request) }
///     }
/// }
/// ```
///
/// - Change the request: call `next` with a modified copy.
/// - Abort: return a response or throw without calling `next`; the transport is never called.
/// - Retry: call `next` again.
/// - Look at or replace the result: inspect what `next` returned or threw.
///
/// Errors a ware throws that are not ``CourierError`` or `CancellationError` reach the caller
/// as ``CourierError/ware(ware:underlying:)`` naming the ware's type.
public protocol Ware: Sendable {
    /// Where this ware runs relative to the others; ``WarePosition/middle`` by default.
    var position: WarePosition { get }

    /// Handles `request`, usually by calling `next` to run the rest of the pipeline.
    func intercept(
        _ request: PreparedRequest,
        context: WareContext,
        next: (PreparedRequest) async throws -> RawResponse
    ) async throws -> RawResponse
}

extension Ware {
    /// The default position: the middle phase, priority 0.
    public var position: WarePosition { .middle }
}

/// What a ware may use besides the request: the client's logger and service.
public struct WareContext: Sendable {
    /// The logger the client was given; wares log through it and never bootstrap their own.
    public var logger: Logger
    /// The service the client talks to.
    public var service: ServiceConfiguration

    /// Creates a context.
    public init(logger: Logger, service: ServiceConfiguration) {
        self.logger = logger
        self.service = service
    }
}

/// Where a ware runs: by phase (first, middle, last), then by priority (higher runs earlier,
/// that is, further out), then in the order the wares were registered.
///
/// "Earlier" means closer to the caller: an early ware sees the request first and the result last.
public struct WarePosition: Sendable, Hashable, Comparable {
    /// The coarse slot.
    public enum Phase: Int, Sendable, Hashable, Comparable {
        /// Outermost: logging, metrics.
        case first
        /// Most wares.
        case middle
        /// Innermost, next to the transport: auth headers, caching.
        case last

        /// Phases order first < middle < last.
        public static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The phase.
    public var phase: Phase
    /// Within a phase, a higher priority runs earlier.
    public var priority: Int

    /// Creates a position.
    public init(_ phase: Phase, priority: Int = 0) {
        self.phase = phase
        self.priority = priority
    }

    /// First phase, priority 0.
    public static let first = WarePosition(.first)
    /// Middle phase, priority 0.
    public static let middle = WarePosition(.middle)
    /// Last phase, priority 0.
    public static let last = WarePosition(.last)

    /// Whether `lhs` runs before `rhs`.
    public static func < (lhs: WarePosition, rhs: WarePosition) -> Bool {
        lhs.phase != rhs.phase ? lhs.phase < rhs.phase : lhs.priority > rhs.priority
    }
}
