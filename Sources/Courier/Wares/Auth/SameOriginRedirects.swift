import Foundation

/// Follows a token refresh's redirects only within the origin it was sent to. The transport
/// follows none (the request goes to it under ``RedirectPolicy/refuse``): at another origin a
/// redirect drops the credential header fields, but a `307` or `308` keeps the body, and a
/// refresh's body holds the refresh token. A redirect elsewhere is the refresh's answer, a status
/// error carrying the `3xx`, which fails it for now and keeps the session.
struct SameOriginRedirects: Ware {
    /// Innermost, next to the transport, so that each hop runs through it.
    var position: WarePosition { .authentication }

    /// Sends `request` and follows the redirects to its own origin that its policy allows.
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var hop = request
        hop.redirects = .refuse
        var count = 0
        while true {
            do {
                return try await next(hop, context)
            } catch let error as CourierError {
                guard request.redirects.follows, case .status(let response) = error.reason,
                      RedirectRules.isRedirect(response.status.code), let location = response.http.headerFields[.location]
                else { throw error }
                count += 1
                var following = hop
                following.redirects = request.redirects  // counts this hop against the request's own maximum
                following = try RedirectRules.following(following, status: response.status.code, location: location, count: count)
                guard let from = hop.url, let to = following.url, RedirectRules.sameOrigin(from, to) else { throw error }
                if let body = following.body, !body.isReplayable { throw error }
                following.redirects = .refuse
                hop = following
            }
        }
    }
}
