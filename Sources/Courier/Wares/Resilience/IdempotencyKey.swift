import Foundation
import HTTPTypes

/// Sends a fresh idempotency key with each call of a request that names its header
/// (``Request/idempotencyKeyHeader``): a random UUID (from the system, whatever the client's
/// ``RandomSource``), made once per call before any other ware
/// runs, so that every retry and replay of the call carries the same key and the server can tell
/// a repeat from a new request. A request that already carries the field keeps its own value.
///
/// Setting ``Request/idempotencyKeyHeader`` adds this ware to the request's own ``Request/wares``,
/// so you do not register it; requests without the header are passed on untouched.
public struct IdempotencyKey: Ware {
    /// A ware that adds the key to requests that ask for one.
    public init() {}

    /// Outermost, before the observation slot: the key is part of the request every other ware
    /// sees, logging included.
    public var position: WarePosition { .before(.observation) }

    /// Adds the key when the request names a header for it and does not carry that field yet.
    ///
    /// - Throws: ``CourierError/invalidRequest(_:)`` with ``InvalidRequestReason/invalidHeaderName(_:)``
    ///   when the header name is not a valid field name.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        guard let header = request.idempotencyKeyHeader else { return try await next(request, context) }
        guard let name = HTTPField.Name(header) else { throw CourierError.invalidRequest(.invalidHeaderName(header)) }
        guard request.http.headerFields[name] == nil else { return try await next(request, context) }
        var keyed = request
        // Always the system's randomness, never the client's RandomSource: a test seeds or fixes
        // that to pin jitter, and repeated keys would make the server drop distinct calls.
        keyed.http.headerFields[name] = UUID().uuidString
        return try await next(keyed, context)
    }
}

/// The header a request's idempotency key goes in; `nil` unless set.
enum IdempotencyKeyHeaderOption: OptionKey {
    static var defaultValue: String? { nil }
}

extension Request {
    /// When set, each call sends a fresh UUID in this header (`Idempotency-Key`), the same on
    /// every retry and replay of that call, so that the server can tell a repeat from a new
    /// request; the ``Retry`` ware retries a non-idempotent method only when it carries one.
    ///
    /// Kept in ``options``; setting it also adds the ``IdempotencyKey`` ware, which makes the
    /// keys, to ``wares`` (and setting `nil` removes it), so keep it when you replace ``wares``.
    public var idempotencyKeyHeader: String? {
        get { options[IdempotencyKeyHeaderOption.self] }
        set {
            options[IdempotencyKeyHeaderOption.self] = newValue
            let present = wares.contains { $0 is IdempotencyKey }
            if newValue == nil, present {
                wares.removeAll { $0 is IdempotencyKey }
            } else if newValue != nil, !present {
                wares.append(IdempotencyKey())
            }
        }
    }
}

extension PreparedRequest {
    /// The header of the call's idempotency key (``Request/idempotencyKeyHeader``), when the
    /// request asked for one.
    public var idempotencyKeyHeader: String? {
        get { options[IdempotencyKeyHeaderOption.self] }
        set { options[IdempotencyKeyHeaderOption.self] = newValue }
    }
}
