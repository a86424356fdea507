import HTTPTypes

/// How the ``Retry`` ware retries: how often, how long it waits between attempts, and what is
/// worth retrying. Requests and services narrow it with ``RetryOptions``.
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts per call, the first included.
    public var maxAttempts: Int
    /// The wait before the first retry grows from this, doubling per attempt (before jitter).
    public var baseDelay: Duration
    /// No wait between attempts exceeds this (before a `Retry-After`).
    public var maxDelay: Duration
    /// The longest a call may spend in the retry ware, waits included: a retry whose wait would
    /// end past it is not made, and a retry runs no longer than what is left of it (the first
    /// attempt has the request's whole timeout).
    public var budget: Duration
    /// The longest `Retry-After` honoured; a server asking for longer gets its answer back at once.
    public var maxRetryAfter: Duration
    /// Statuses worth another attempt.
    public var statuses: Set<Int>
    /// Transport failures worth another attempt.
    public var transportFailures: Set<TransportFailureKind>
    /// Methods that are retried without an idempotency key.
    public var idempotentMethods: Set<HTTPRequest.Method>
    /// The header whose presence makes any method retryable (the IETF draft's `Idempotency-Key`),
    /// used when the request does not name its own.
    public var idempotencyKeyHeader: String

    /// A policy; the defaults retry twice (three attempts) with full jitter from 0.5 s.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        budget: Duration = .seconds(60),
        maxRetryAfter: Duration = .seconds(60),
        statuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        transportFailures: Set<TransportFailureKind> = [.timedOut, .connectionLost, .cannotConnect],
        idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .put, .delete, .options, .trace],
        idempotencyKeyHeader: String = "Idempotency-Key"
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.budget = budget
        self.maxRetryAfter = maxRetryAfter
        self.statuses = statuses
        self.transportFailures = transportFailures
        self.idempotentMethods = idempotentMethods
        self.idempotencyKeyHeader = idempotencyKeyHeader
    }

    /// The upper bound of the jittered wait before attempt `attempt + 1`: `baseDelay × 2^(attempt-1)`,
    /// capped at ``maxDelay``.
    public func backoffCeiling(after attempt: Int) -> Duration {
        var ceiling = baseDelay
        for _ in 1..<max(1, attempt) {
            ceiling *= 2
            if ceiling >= maxDelay { return maxDelay }
        }
        return min(ceiling, maxDelay)
    }
}

/// The transport failures a ``RetryPolicy`` may retry.
public enum TransportFailureKind: Sendable, Hashable {
    /// No response within the timeout.
    case timedOut
    /// The connection closed before the response was complete.
    case connectionLost
    /// The server could not be reached.
    case cannotConnect
    /// The body was larger than the request allows (never worth retrying as it is).
    case responseTooLarge
    /// The server redirected too often, or to somewhere the transport cannot follow.
    case redirect
    /// Anything else the transport reported.
    case other
}

extension TransportFailure {
    /// Which kind of failure this is.
    public var kind: TransportFailureKind {
        switch self {
        case .timedOut: .timedOut
        case .connectionLost: .connectionLost
        case .cannotConnect: .cannotConnect
        case .responseTooLarge, .compressionRatioExceeded: .responseTooLarge
        case .tooManyRedirects, .badRedirect: .redirect
        case .fileWriteFailed, .other: .other
        }
    }
}
