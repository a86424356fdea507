import HTTPTypes

/// Lets identical GET and HEAD requests in flight at the same time share one call (the "request
/// accumulator"): the first starts it, the others wait for its answer, and every one of them gets
/// the response or the error.
///
/// Requests are identical when method, URL, ``CallContext/principal`` (whose credentials the call
/// carries, so an anonymous call never joins a signed-in one, and two users or two schemes never
/// share), the request's ``PreparedRequest/cachePolicy`` (a network-only call never takes an answer
/// its twin found in the cache), its ``PreparedRequest/acceptableStatus``,
/// ``PreparedRequest/maximumResponseSize`` and ``PreparedRequest/redirects`` (the shared call runs
/// under the first caller's rules, which every waiter then lives with), the values of the fields
/// that select a part or a condition (`Range`, `If-Range`, `If-None-Match`, `If-Modified-Since`: a
/// part or a `304` is not the whole answer), the request's own `Cache-Control` (an `only-if-cached`
/// call must not wait for a twin's network call), whether the caller takes an early answer
/// (``Client/updates(for:)``, to which the cache hands a stored answer at once) and the values of
/// ``headers`` (by default `Accept` and `Accept-Language`) are equal. A request with a body,
/// another method, a streamed or file response (which only one reader can take), or `coalesces = false`
/// runs on its own. The shared call runs under its starter's timeout: when it times out
/// before a waiter's own timeout, that waiter goes on with a call of its own for the time it has
/// left. A waiter that is cancelled, or whose own timeout passes, leaves at once without disturbing
/// the others (a timed-out waiter gets ``TransportFailure/timedOut(after:)``, or, when its
/// ``CachePolicy`` is `remoteElseLocal`, the client's ``HTTPCache``'s stored answer, as it would
/// have alone); the shared call is
/// cancelled only when every waiter has gone. The shared call runs in a task of its own with the
/// first caller's context.
///
/// ```swift
/// let client = try Client(service: service, wares: [Coalescing()])
/// ```
public struct Coalescing: Ware {
    /// The header fields whose values must match for two requests to share a call.
    public var headers: [HTTPField.Name]
    private let calls = SharedCalls<CoalescingKey, RawResponse>()

    /// A coalescing ware keyed on the URL and these header fields.
    public init(headers: [HTTPField.Name] = [.accept, .acceptLanguage]) {
        self.headers = headers
    }

    /// The coalescing slot: outside the cache, so identical misses make one fill.
    public var position: WarePosition { .coalescing }

    /// Joins the identical call in flight, or starts one.
    public func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        guard request.coalesces, request.body == nil, request.responseDelivery.collects,
              request.http.method == .get || request.http.method == .head
        else { return try await next(request, context) }
        let key = CoalescingKey(
            request: request, headers: headers, principal: context.principal(of: request), takesEarlyAnswers: context.takesEarlyResponses)
        let deadline = context.core.clock.now + request.timeout
        do {
            // Marked before the answer (or the failure) comes: the events ware outside reads it.
            let (response, _) = try await calls.join(
                key, timeout: request.timeout, starterWaitsForWork: true,
                joining: { joined in context.storage[Coalesced.self] = joined ? true : nil }
            ) {
                // The shared call runs in a task of its own, so it may outlive this caller: `next`
                // is a value that can be called from there.
                try await next(request, context)
            }
            return response
        } catch var error as CourierError {
            // The shared call ran out of its starter's time, not of this caller's (a shorter
            // timeout, or a start long before): the caller goes on alone for the time it has left.
            let remaining = deadline - context.core.clock.now
            if case .transport(.timedOut) = error.reason, remaining > Self.leastTimeWorthAnotherCall {
                context.storage[Coalesced.self] = nil
                var alone = request
                alone.timeout = remaining
                return try await next(alone, context)
            }
            // Alone, a `remoteElseLocal` call would have reached the cache, which answers a
            // timeout from its store: a waiter gets that answer too.
            if let cache = context.core.wares.lazy.compactMap({ $0 as? HTTPCache }).first,
               let stored = await cache.fallback(for: request, after: error, context: context) {
                return stored
            }
            error.call = nil  // the failure is this call's too: let the chain name it
            throw error
        }
    }

    /// A waiter left with less time than this when the shared call times out fails with it
    /// rather than start a call of its own.
    static let leastTimeWorthAnotherCall = Duration.milliseconds(10)

    /// How many calls are in flight, for tests and diagnostics.
    public var callsInFlight: Int { calls.count }
}

/// Set in a call's storage when ``Coalescing`` answered it from another call in flight.
public enum Coalesced: CallStorageKey {
    /// Always `true` when present.
    public typealias Value = Bool
}

/// What makes two requests the same for ``Coalescing``.
struct CoalescingKey: Hashable, Sendable {
    let method: HTTPRequest.Method
    let url: String
    let headerValues: [String?]
    let principal: Principal
    let cachePolicy: CachePolicy?
    let acceptableStatus: StatusAcceptance
    let maximumResponseSize: Int
    let redirects: RedirectPolicy
    /// Whether the caller takes an early answer (``Client/updates(for:)``): a stored one then comes
    /// from the cache at once, which a twin's call in flight would not give it.
    let takesEarlyAnswers: Bool

    /// Fields that make the answer another one than the whole current representation, whatever
    /// ``Coalescing/headers`` lists: the caller asked for a part of it, for it only if changed, or
    /// by its own `Cache-Control` for a stored one only (`only-if-cached`) or none.
    static let selectingFields: [HTTPField.Name] = [.range, .ifRange, .ifNoneMatch, .ifModifiedSince, .cacheControl]

    init(request prepared: PreparedRequest, headers: [HTTPField.Name], principal: Principal, takesEarlyAnswers: Bool = false) {
        self.principal = principal
        self.takesEarlyAnswers = takesEarlyAnswers
        cachePolicy = prepared.cachePolicy
        acceptableStatus = prepared.acceptableStatus
        maximumResponseSize = prepared.maximumResponseSize
        redirects = prepared.redirects
        let request = prepared.http
        method = request.method
        url = "\(request.scheme ?? "")://\(request.authority ?? "")\(request.path ?? "")"
        headerValues = (CoalescingKey.selectingFields + headers).map { request.headerFields[$0] }
    }
}
