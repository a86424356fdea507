/// Side requests: a ware sending another request through the same client, such as an auth
/// ware's token refresh.
extension CallContext {
    /// Sends `request` through this client as a call of its own, skipping every ware of
    /// `sender`'s type and of the types in `skipping`, and returns its decoded value.
    ///
    /// The side request runs the whole pipeline otherwise (client-wide wares and its own), with a
    /// context whose ``parentCallID`` is this call's. It inherits what this call skips, so a
    /// side request of a side request never reaches the original sender: a ware cannot recurse
    /// into itself this way. It runs in the calling task: cancelling the call cancels it.
    ///
    /// ```swift
    /// struct RefreshingAuth: Ware {
    ///     func intercept(_ request: PreparedRequest, context: CallContext,
    ///                    next: Next) async throws -> RawResponse {
    ///         let tokens = try await context.send(Auth.refresh(token: saved), from: self)
    ///         var request = request
    ///         request.http.headerFields[.authorization] = "Bearer \(tokens.accessToken)"
    ///         return try await next(request, context)
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: the side request's ``CourierError`` (with its own ``CallIdentity``) or
    ///   `CancellationError`.
    public func send<Expected>(
        _ request: Request<Expected>, from sender: some Ware, skipping: [any Ware.Type] = []
    ) async throws -> Expected {
        try await response(for: request, from: sender, skipping: skipping).value
    }

    /// Like ``send(_:from:skipping:)``, returning the value with its raw response and timing.
    public func response<Expected>(
        for request: Request<Expected>, from sender: some Ware, skipping: [any Ware.Type] = []
    ) async throws -> Response<Expected> {
        try await response(for: request, from: sender, skipping: skipping, secrets: [])
    }

    /// A side request whose call knows `secrets` from the start (a refresh token), so that none of
    /// its log lines or errors shows them.
    func response<Expected>(
        for request: Request<Expected>, from sender: some Ware, skipping: [any Ware.Type], secrets: [String]
    ) async throws -> Response<Expected> {
        var skipped = setup.skipped
        skipped.insert(ObjectIdentifier(type(of: sender)))
        for type in skipping { skipped.insert(ObjectIdentifier(type)) }
        let (value, raw, context) = try await core.perform(
            request, decoding: request.decoding, parent: callID, skipping: skipped, interim: nil, secrets: secrets)
        return Response(value: value, raw: raw, metrics: context.metricsSoFar)
    }
}
