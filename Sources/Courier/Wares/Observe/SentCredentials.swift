import Foundation
import HTTPTypes

/// The credentials an ``Authenticator`` will put on a call, worked out before it runs, so that a
/// logging ware outside it (in the observation slot) can show that they are sent, as
/// `<redacted>`, without ever holding them.
///
/// It asks what the authenticator itself checks: the request's scheme, the call's
/// ``CallContext/principal`` naming that scheme's session (the client asked the authenticator
/// before any ware ran, unless the call skips it), and the authenticator still holding that
/// session's credentials with what the scheme sends (a token, or a user name and password).
enum SentCredentials {
    /// Where the authenticator will put the call's credentials: the scheme's kind, or `nil` when
    /// the call carries none from an authenticator (no scheme, `.none`, signed out, skipped).
    static func placement(of request: PreparedRequest, context: CallContext) -> AuthScheme.Kind? {
        guard !context.principal.isAnonymous,
              let scheme = try? context.core.service.authScheme(for: request.authentication),
              let part = context.principal.part(startingWith: SchemeState.prefix(scheme.name))
        else { return nil }
        for case let authenticator as Authenticator in context.core.wares {
            let sends = authenticator.schemes.withLock { schemes -> Bool in
                guard let credentials = schemes[scheme.name]?.credentials,
                      SchemeState.isPart(part, of: scheme.name, identity: credentials.identity)
                else { return false }
                switch scheme.kind {
                case .bearer, .apiKeyHeader, .apiKeyQuery: return credentials.token != nil
                case .basic: return credentials.username != nil && credentials.password != nil
                }
            }
            if sends { return scheme.kind }
        }
        return nil
    }

    /// `request` with `<redacted>` where the authenticator will put the call's credentials (an
    /// `Authorization` field, the API key's field or query item); `request` itself when it will
    /// put none. For display only: it is never sent.
    static func showing(_ request: PreparedRequest, context: CallContext) -> PreparedRequest {
        guard let placement = placement(of: request, context: context) else { return request }
        var shown = request
        switch placement {
        case .bearer, .basic:
            shown.http.headerFields[.authorization] = Redaction.placeholder
        case .apiKeyHeader(let name):
            guard let field = HTTPField.Name(name) else { return request }
            shown.http.headerFields[field] = Redaction.placeholder
        case .apiKeyQuery(let name):
            var path = shown.http.path ?? "/"
            path += path.contains("?") ? "&" : "?"
            RequestEncoder.percentEncode(name, into: &path)
            path += "=" + Redaction.placeholder
            shown.http.path = path
        }
        return shown
    }
}
