extension CourierError.Kind {
    /// A stream's session ended: the signed-in user changed (signed out, or another signed in)
    /// while it was open, or between two connects of a stream of server-sent events, so the
    /// stream ended rather than carry one user's events, or its `Last-Event-ID`, over to another.
    public static let identityChanged = CourierError.Kind("identityChanged")
}

/// Put on each reconnect of a stream of server-sent events: refuses the call, before anything is
/// sent, when it is not the first connect's principal's. The principal is settled before the
/// first ware runs, from the wares' own ``Ware/principal(for:context:)``, so a user who signed
/// out, or another who signed in, since the stream began is seen here; a refreshed token of the
/// same user is the same principal and goes on.
struct StreamIdentityGuard: Ware {
    /// The first connect's principal.
    let expected: Principal

    /// Just inside the observation wares: logging and metrics see the refused reconnect.
    var position: WarePosition { .after(.observation) }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        guard context.principal == expected else {
            throw CourierError.other(
                .identityChanged,
                "the stream began as \(expected) and would reconnect as \(context.principal): it ends instead")
        }
        return try await next(request, context)
    }
}
