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
    ///   service declares a scheme whose name another service's client took already: nothing is
    ///   claimed then, and the client is not made.
    func attach(_ core: ClientCore) throws {
        let user = SchemeUser(service: core.service.name, baseURL: core.service.baseURL)
        let schemes = core.service.authSchemes.map(\.name)
        try clients.withLock { clients in
            if let (scheme, owner) = clients.conflict(schemes, user: user, sharedAcross: sharedAcross) {
                throw Authenticator.refusal(scheme, user: user, owner: owner)
            }
            clients.add(core, schemes: schemes, user: user)
        }
    }

    /// Checks that `scheme` belongs to `service` (or claims it, the first time it is used), for a
    /// call that reached this authenticator without its client attaching it: given as a
    /// request's own ware.
    func checkServes(_ scheme: AuthSchemeName, service: ServiceConfiguration) throws {
        let user = SchemeUser(service: service.name, baseURL: service.baseURL)
        try clients.withLock { clients in
            if let (scheme, owner) = clients.conflict([scheme], user: user, sharedAcross: sharedAcross) {
                throw Authenticator.refusal(scheme, user: user, owner: owner)
            }
            clients.claim([scheme], user: user)
        }
    }

    private static func refusal(_ scheme: AuthSchemeName, user: SchemeUser, owner: SchemeUser) -> CourierError {
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
                + "for the service at \(owner.origin): that environment's token would go to this one. Give each environment an "
                + "Authenticator (and a credential store) of its own, or name the service in the Authenticator's `sharedAcross` "
                + "to share the credentials across its environments on purpose")
    }
}

/// The clients an authenticator serves, held weakly; the scheme names their services declare,
/// and which service each name belongs to.
struct ServedClients {
    private var cores: [WeakCore] = []
    /// The service each scheme name was first used by. Never forgotten while the authenticator
    /// lives, even when that service's clients are gone: its credentials are still in memory.
    private var owners: [AuthSchemeName: SchemeUser] = [:]

    private struct WeakCore {
        weak var core: ClientCore?
    }

    var live: [ClientCore] { cores.compactMap(\.core) }

    /// Every scheme name a served service declares.
    var schemeNames: Set<AuthSchemeName> { Set(owners.keys) }

    /// The first of `schemes` that another service than `user`'s, or the same service at another
    /// origin, owns, unless both services are among `sharedAcross`, with its owner.
    func conflict(_ schemes: [AuthSchemeName], user: SchemeUser, sharedAcross: Set<String>) -> (AuthSchemeName, SchemeUser)? {
        for scheme in schemes {
            guard let owner = owners[scheme], !owner.isSame(as: user) else { continue }
            if sharedAcross.contains(owner.service) && sharedAcross.contains(user.service) { continue }
            return (scheme, owner)
        }
        return nil
    }

    mutating func claim(_ schemes: [AuthSchemeName], user: SchemeUser) {
        for scheme in schemes where owners[scheme] == nil { owners[scheme] = user }
    }

    mutating func add(_ core: ClientCore, schemes: [AuthSchemeName], user: SchemeUser) {
        cores.removeAll { $0.core == nil }
        cores.append(WeakCore(core: core))
        claim(schemes, user: user)
    }
}

/// A service using a scheme: its name and the base URL its calls go to.
struct SchemeUser {
    let service: String
    let baseURL: URL

    /// The base URL's scheme, host and port, for messages.
    var origin: String {
        var origin = (baseURL.scheme ?? "") + "://" + (baseURL.host ?? "")
        if let port = baseURL.port { origin += ":\(port)" }
        return origin
    }

    /// The same service at the same origin (another path under it is the same server).
    func isSame(as other: SchemeUser) -> Bool {
        service == other.service && RedirectRules.sameOrigin(baseURL, other.baseURL)
    }
}
