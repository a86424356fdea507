/// Whose call this is: nobody (``anonymous``), or a stable name of the credentials the call will
/// carry — never a token or key itself.
///
/// The client decides it once per call, before any ware runs, from the request's own credential
/// fields (`Authorization`, `Cookie`, API-key headers and query items, anything the service's
/// ``Redaction`` calls sensitive) and from every ware's ``Ware/principal(for:context:)`` (the ``Authenticator`` names
/// the signed-in session of the request's scheme). Wares that share work or stored answers key
/// them by it, so that two users, two schemes, or an anonymous and a signed-in call never share:
/// ``HTTPCache`` files answers under it and ``Coalescing`` joins only calls of one principal.
///
/// A token refresh keeps the principal (the session is the same); signing in as someone else, or
/// signing out, ends it.
///
/// ```swift
/// struct AuditLog: Ware {
///     func intercept(_ request: PreparedRequest, context: CallContext,
///                    next: Next) async throws -> RawResponse {
///         context.logger.info("call for \(context.principal)")   // "auth:session:3F2A…" or "anonymous"
///         return try await next(request, context)
///     }
/// }
/// ```
public struct Principal: Sendable, Hashable, CustomStringConvertible {
    /// The parts, sorted and without repeats: one per source of credentials.
    let parts: [String]

    /// A call that carries no credentials.
    public static let anonymous = Principal(parts: [])

    /// A principal of one part, such as `auth:session:<session identity>`; wares that apply
    /// credentials of their own name them this way (a stable name, never the secret).
    public init(_ part: String) {
        self.parts = [part]
    }

    private init(parts: [String]) {
        self.parts = parts
    }

    /// Whether the call carries no credentials.
    public var isAnonymous: Bool { parts.isEmpty }

    /// This principal and `other` together: a call carrying both kinds of credentials.
    public func combined(with other: Principal) -> Principal {
        if other.parts.isEmpty { return self }
        if parts.isEmpty { return other }
        return Principal(parts: Array(Set(parts + other.parts)).sorted())
    }

    /// The part that starts with `prefix`, if any.
    func part(startingWith prefix: String) -> String? {
        parts.first { $0.hasPrefix(prefix) }
    }

    /// `anonymous`, or the parts joined with `+`: safe to log, it holds no secret.
    public var description: String {
        parts.isEmpty ? "anonymous" : parts.joined(separator: "+")
    }
}
