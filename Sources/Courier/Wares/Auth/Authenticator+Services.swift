import Foundation

/// Which services an authenticator serves, and which one each scheme name belongs to.
///
/// The authenticator keeps one set of credentials per scheme name. Two services whose specs name
/// their schemes alike (`bearerAuth` is what the OpenAPI importer names most APIs' scheme) would
/// otherwise share them: the second service's calls would carry the first one's token, its 401
/// would send the first one's refresh token to its own refresh endpoint, and its rejection would
/// sign the user out of the first. So a scheme name belongs to the first service that uses it,
/// and another service may use it only when the app says so (``Authenticator/sharedAcross``).
/// The same holds for one service's environments: a production token must not reach a staging
/// server, so the scheme also belongs to the origin (scheme, host and port) of that first
/// service's base URL.
extension Authenticator {
    /// Remembers that `core`'s client runs this authenticator, so that ended sessions reach it.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/invalidRequest`` when the client's
    ///   service declares a scheme whose name another service's client took already, or that a
    ///   client of the same service at another origin (another environment) took: nothing is
    ///   claimed then, and the client is not made.
    func attach(_ core: ClientCore) throws {
        let user = SchemeUser(service: core.service.name, baseURL: core.service.baseURL)
        let schemes = core.service.authSchemes.map(\.name)
        try clients.withLock { clients in
            try clients.admit(schemes, user: user, sharedAcross: sharedAcross, signedOut: signedOut)
            clients.add(core, user: user)
        }
    }

    /// Checks that `scheme` belongs to `core`'s service and origin (or claims it, the first time
    /// it is used), for a call that reached this authenticator without its client attaching it:
    /// given as a request's own ware. A client that attached it was checked when it was made.
    func checkServes(_ scheme: AuthSchemeName, core: ClientCore) throws {
        try clients.withLock { clients in
            if clients.serves(core) { return }
            let user = SchemeUser(service: core.service.name, baseURL: core.service.baseURL)
            try clients.admit([scheme], user: user, sharedAcross: sharedAcross, signedOut: signedOut)
        }
    }

    /// Whether `scheme` holds no credentials, as far as this authenticator knows: read from the
    /// store (or signed out) and empty. One never read may still have some in the store.
    private func signedOut(_ scheme: AuthSchemeName) -> Bool {
        schemes.withLock { $0[scheme].map { $0.loaded && $0.credentials == nil } ?? false }
    }

    static func refusal(_ scheme: AuthSchemeName, user: SchemeUser, owner: SchemeUser) -> CourierError {
        guard user.service == owner.service else {
            return .other(
                .invalidRequest,
                "service '\(user.service)' declares auth scheme '\(scheme)', which this Authenticator already keeps credentials of for "
                    + "service '\(owner.service)': its calls would carry them. Give each service an Authenticator (and a credential "
                    + "store) of its own, or name both services in the Authenticator's `sharedAcross` to share the credentials on purpose")
        }
        return .other(
            .invalidRequest,
            "service '\(user.service)' at \(user.origin) uses auth scheme '\(scheme)', whose credentials this Authenticator keeps "
                + "for the service at \(owner.origin): that environment's token would go to this one. Sign out and let go of the "
                + "clients at \(owner.origin) to switch, give each environment an Authenticator (and a credential store) of its own, "
                + "or name the service in the Authenticator's `sharedAcross` to share the credentials across its environments")
    }
}

/// The clients an authenticator serves, held weakly; the scheme names their services declare,
/// and which service (at which origin) each name belongs to.
struct ServedClients {
    private var cores: [WeakCore] = []
    /// The service each scheme name was first used by. Kept while that service has a live client
    /// or the scheme holds credentials (whose calls would carry them); then the next service to
    /// use the name takes it over.
    private var owners: [AuthSchemeName: SchemeUser] = [:]

    private struct WeakCore {
        weak var core: ClientCore?
        let user: SchemeUser
    }

    var live: [ClientCore] { cores.compactMap(\.core) }

    /// Every scheme name a served service declares.
    var schemeNames: Set<AuthSchemeName> { Set(owners.keys) }

    /// Whether `core`'s client attached the authenticator (and was checked then).
    func serves(_ core: ClientCore) -> Bool {
        cores.contains { $0.core === core }
    }

    /// Claims `schemes` for `user`, or throws the refusal for the first that another service, or
    /// the same service at another origin, owns: unless both services are among `sharedAcross`,
    /// or the owner has no live client and the scheme is `signedOut`, when `user` takes it over.
    mutating func admit(
        _ schemes: [AuthSchemeName], user: SchemeUser, sharedAcross: Set<String>, signedOut: (AuthSchemeName) -> Bool
    ) throws {
        var takenOver: [AuthSchemeName] = []
        for scheme in schemes {
            guard let owner = owners[scheme], !owner.isSame(as: user) else { continue }
            if sharedAcross.contains(owner.service) && sharedAcross.contains(user.service) { continue }
            let ownerLives = cores.contains { $0.core != nil && $0.user.isSame(as: owner) }
            guard !ownerLives, signedOut(scheme) else { throw Authenticator.refusal(scheme, user: user, owner: owner) }
            takenOver.append(scheme)
        }
        for scheme in schemes where owners[scheme] == nil || takenOver.contains(scheme) { owners[scheme] = user }
    }

    mutating func add(_ core: ClientCore, user: SchemeUser) {
        cores.removeAll { $0.core == nil }
        cores.append(WeakCore(core: core, user: user))
    }
}

/// A service using a scheme: its name and the base URL its calls go to.
struct SchemeUser {
    let service: String
    let baseURL: URL

    /// The base URL's scheme, host and port, for messages.
    var origin: String {
        let host = baseURL.host ?? ""
        var origin = (baseURL.scheme ?? "") + "://" + (host.contains(":") ? "[\(host)]" : host)
        if let port = baseURL.port { origin += ":\(port)" }
        return origin
    }

    /// The same service at the same origin (another path under it is the same server).
    func isSame(as other: SchemeUser) -> Bool {
        service == other.service && RedirectRules.sameOrigin(baseURL, other.baseURL)
    }
}
