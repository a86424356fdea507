import Foundation
import HTTPTypes

/// Retries failed attempts with exponential backoff and full jitter, honouring `Retry-After`.
///
/// It retries the statuses and transport failures its ``RetryPolicy`` names (and a token refresh
/// that failed for a passing reason, ``CourierError/Kind/refreshUnavailable``, after the auth
/// server's own `Retry-After` when it sent one), up to a number of
/// attempts and a time budget; a request's or service's ``RetryOptions`` narrow the attempts
/// and statuses (`retry: false` in the spec turns it off). Methods that are not idempotent
/// (POST, PATCH) are retried only when the request carries an idempotency key. A one-shot stream
/// body is retried only if nothing read it yet (the attempt failed before sending it: a refresh
/// that failed for now); make it replayable for the rest. Waits run on the
/// client's clock and draw jitter from its random source; cancelling the call ends a wait at
/// once. Each attempt after the first runs with ``CallContext/attempt`` increased, and no longer
/// than what is left of the policy's ``RetryPolicy/budget`` (nor than the request's timeout); the
/// error of the last attempt reaches the caller, naming that attempt.
///
/// ```swift
/// let client = try Client(service: service, wares: [Retry()])
/// let client = try Client(service: service, wares: [Retry(RetryPolicy(maxAttempts: 5, budget: .seconds(20)))])
/// ```
public struct Retry: Ware {
    /// How retries are made.
    public var policy: RetryPolicy

    /// A retry ware with `policy`.
    public init(_ policy: RetryPolicy = RetryPolicy()) {
        self.policy = policy
    }

    /// The retry slot: outside authentication, so a replay after a token refresh is not a retry.
    public var position: WarePosition { .retry }

    /// Runs the request, and again after a wait while the failure is worth it.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        let options = (request.retry ?? RetryOptions()).over(context.service.retry)
        let maxAttempts = options.attempts ?? policy.maxAttempts
        let statuses = options.statuses ?? policy.statuses
        guard maxAttempts > 1, mayRetry(request) else { return try await next(request, context) }

        let started = context.elapsed
        var attempt = context
        var sent = request
        while true {
            do {
                let response = try await next(sent, attempt)
                context.storage[RetryAttempts.self] = attempt.attempt
                return response
            } catch let error as CourierError {
                context.storage[RetryAttempts.self] = attempt.attempt
                guard attempt.attempt < maxAttempts,
                      let wait = delay(after: error, attempt: attempt.attempt, statuses: statuses, context: context),
                      context.elapsed - started + wait <= policy.budget
                else { throw error }
                guard request.canBeSentAgain else {
                    attempt.logger.notice("not retried: the request body is a one-shot stream, already read; make it replayable to allow retries",
                                          metadata: ["courier.retry.reason": "\(error.message.prefix(120))"])
                    throw error
                }
                attempt.logger.debug("retrying", metadata: [
                    "courier.retry.wait": "\(wait)", "courier.retry.reason": "\(error.message.prefix(120))",
                ])
                try await context.sleep(for: wait)
                // The budget bounds the retries, not only the waits: a retry runs no longer than
                // what is left of it (a server that answered 503 and then hangs would otherwise
                // hold the call for a whole timeout more).
                let left = policy.budget - (context.elapsed - started)
                guard left > .zero else { throw error }
                sent.timeout = min(request.timeout, left)
                attempt.attempt += 1
            }
        }
    }

    /// Whether the request may be sent twice: an idempotent method, or an idempotency key.
    func mayRetry(_ request: PreparedRequest) -> Bool {
        if policy.idempotentMethods.contains(request.http.method) { return true }
        let header = request.idempotencyKeyHeader ?? policy.idempotencyKeyHeader
        return HTTPField.Name(header).map { request.http.headerFields[$0] != nil } ?? false
    }

    /// How long to wait before retrying after `error`, or `nil` when it is not worth a retry.
    func delay(after error: CourierError, attempt: Int, statuses: Set<Int>, context: CallContext) -> Duration? {
        switch error.reason {
        case .transport(let failure):
            guard policy.transportFailures.contains(failure.kind) else { return nil }
        case .status(let response):
            guard statuses.contains(response.status.code) else { return nil }
            if let asked = RetryAfter.delay(in: response, now: context.wallClock.now) {
                // A server asking for longer than we will wait gets its answer back now.
                return asked <= policy.maxRetryAfter ? asked : nil
            }
        case .other where error.kind == .refreshUnavailable:
            // The auth server failed for a passing reason; the session was kept. Its own
            // Retry-After (a 503 or 429 of the refresh) says when to try again.
            guard !policy.transportFailures.isEmpty else { return nil }
            if let response = error.response, let asked = RetryAfter.delay(in: response, now: context.wallClock.now) {
                return asked <= policy.maxRetryAfter ? asked : nil
            }
        default:
            return nil
        }
        return context.random.duration(upTo: policy.backoffCeiling(after: attempt))
    }
}

/// How many attempts the ``Retry`` ware made for a call (1 when it did not retry), for metrics.
public enum RetryAttempts: CallStorageKey {
    /// The number of attempts.
    public typealias Value = Int
}

/// Reads a response's `Retry-After`: seconds, or an HTTP date.
enum RetryAfter {
    static func delay(in response: RawResponse, now: Date) -> Duration? {
        guard let value = response.http.headerFields[.retryAfter]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            // More seconds than an Int64 holds is longer than anyone waits, not a missing value
            // (which would be retried after a short backoff).
            return .seconds(Int64(value) ?? .max)
        }
        if let seconds = Int(value) { return seconds >= 0 ? .seconds(seconds) : nil }
        guard let date = HTTPDate.parse(value) else { return nil }
        let interval = date.timeIntervalSince(now)
        return .milliseconds(Int64((max(0, interval) * 1000).rounded(.up)))
    }
}
