/// What a request or a service says about retrying it, for the ``Retry`` ware: how many
/// attempts at most, and which statuses are worth another one. Unset fields fall back to the
/// service's options, then to the ware's policy.
///
/// ```swift
/// request.retry = .never                                  // the spec's `retry: false`
/// request.retry = RetryOptions(attempts: 5, statuses: [503])
/// ```
public struct RetryOptions: Sendable, Hashable {
    /// The most attempts, the first included; 1 means no retry.
    public var attempts: Int?
    /// The statuses that are retried.
    public var statuses: Set<Int>?

    /// Options with these values; `nil` leaves the choice to the service or the ware.
    public init(attempts: Int? = nil, statuses: Set<Int>? = nil) {
        self.attempts = attempts
        self.statuses = statuses
    }

    /// No retries.
    public static let never = RetryOptions(attempts: 1)

    /// These options, with what they leave unset taken from `fallback`.
    public func over(_ fallback: RetryOptions?) -> RetryOptions {
        RetryOptions(attempts: attempts ?? fallback?.attempts, statuses: statuses ?? fallback?.statuses)
    }
}

/// A request's or a service's ``RetryOptions``; `nil` unless set.
enum RetryOption: OptionKey {
    static var defaultValue: RetryOptions? { nil }
}

extension Request {
    /// How the ``Retry`` ware treats this request; `nil` (the default) follows the service and
    /// the ware. Kept in ``options``.
    public var retry: RetryOptions? {
        get { options[RetryOption.self] }
        set { options[RetryOption.self] = newValue }
    }
}

extension PreparedRequest {
    /// The ``Request/retry`` options the request declared, for the ``Retry`` ware.
    public var retry: RetryOptions? {
        get { options[RetryOption.self] }
        set { options[RetryOption.self] = newValue }
    }
}

extension ServiceConfiguration {
    /// The service's retry options (the spec's top-level `retry:`), under each request's own;
    /// `nil` by default. Kept in ``options``.
    public var retry: RetryOptions? {
        get { options[RetryOption.self] }
        set { options[RetryOption.self] = newValue }
    }
}
