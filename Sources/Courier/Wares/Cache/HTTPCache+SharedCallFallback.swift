import HTTPTypes

extension HTTPCache {
    /// What `remoteElseLocal` would have answered `request` had its own network call failed with
    /// `error`, for a caller that never reached this ware: a ``Coalescing`` waiter whose own
    /// timeout passed while it waited for a twin's call (the cache runs inside that call, under
    /// the twin's timeout). `nil` unless the request's policy is `remoteElseLocal`, its own
    /// `Cache-Control` lets a stored answer stand in, and one does.
    func fallback(for request: PreparedRequest, after error: CourierError, context: CallContext) async -> RawResponse? {
        let method = request.http.method
        guard method == .get || method == .head, request.responseDelivery.collects, HTTPCache.fallsBack(error) else { return nil }
        let policy = request.cachePolicy ?? context.service.cachePolicy
        let asked = CacheControl.asked(by: request)
        guard policy?.mode == .remoteElseLocal, asked?.noStore != true, asked?.onlyIfCached != true else { return nil }
        let (_, _, stored) = await lookUp(request, context: context)
        guard let stored, stored.standsIn(for: asked, at: context.wallClock.now) else { return nil }
        return HTTPCache.fallBack(to: stored, after: error, context: context)
    }
}
