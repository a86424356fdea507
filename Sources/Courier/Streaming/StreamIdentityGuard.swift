extension CourierError.Kind {
    /// A stream's session ended: the signed-in user changed (signed out, or another signed in)
    /// while it was open, or between two connects of a stream of server-sent events, so the
    /// stream ended rather than carry one user's events, or its `Last-Event-ID`, over to another.
    /// A ``Chain``'s step whose call would run as another user than the steps before it fails
    /// with it too.
    public static let identityChanged = CourierError.Kind("identityChanged")
}

/// Put on each reconnect of a stream of server-sent events: refuses each attempt, before anything
/// is sent, when it is not the first connect's principal's. The principal is asked again of the
/// wares (their ``Ware/principal(for:context:)``) at every attempt, inside `Retry`: the call's own
/// principal is settled once, before the first ware runs, but a credential ware may switch users
/// while `Retry` waits, and the retry would then carry the first user's `Last-Event-ID` as the
/// other. A user who signed out, or another who signed in, since the stream began is seen here; a
/// refreshed token of the same user is the same principal and goes on.
struct StreamIdentityGuard: Ware {
    /// The first connect's principal.
    let expected: Principal
    /// The request's query, for the credentials it carries itself.
    let query: [QueryItem]
    /// The request's own wares, whose principals count as the client's wares' do.
    let requestWares: [any Ware]

    /// Just inside `Retry`, so that every attempt is checked; outside the cache and coalescing,
    /// which a stream skips, and authentication, which applies what is checked.
    var position: WarePosition { .after(.retry) }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        let core = context.core
        let now = await core.principal(
            core.ownPrincipal(of: request, query: query), of: request, extraWares: requestWares, context: context)
        guard context.principal == expected, now == expected else {
            let other = context.principal == expected ? now : context.principal
            throw CourierError.other(
                .identityChanged,
                "the stream began as \(expected) and would reconnect as \(other): it ends instead")
        }
        return try await next(request, context)
    }
}
