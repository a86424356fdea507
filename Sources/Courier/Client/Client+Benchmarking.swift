/// Hooks for the package's own benchmark (`courier-benchmark`), which times steps of a call that
/// have no public entry point. `package`: not part of the API.
extension Client {
    /// `request` as the client encodes it, with the context of a new call.
    package func preparedForBenchmark<Expected>(_ request: Request<Expected>) throws -> (PreparedRequest, CallContext) {
        let context = CallContext.detached(client: self, endpoint: request.endpointName)
        return (try core.encoder.prepare(request), context)
    }

    /// The principal the client decides for `prepared` at the start of a call: what every call pays
    /// so that the cache and coalescing know whose call it is.
    package func principalForBenchmark<Expected>(
        of prepared: PreparedRequest, request: Request<Expected>, context: CallContext
    ) async -> Principal {
        await core.principal(
            core.ownPrincipal(of: prepared, query: request.query), of: prepared, extraWares: request.wares, context: context)
    }
}
