/// Which services an authenticator serves, and which one each scheme name belongs to.
///
/// The authenticator keeps one set of credentials per scheme name. Two services whose specs name
/// their schemes alike (`bearerAuth` is what the OpenAPI importer names most APIs' scheme) would
/// otherwise share them: the second service's calls would carry the first one's token, its 401
/// would send the first one's refresh token to its own refresh endpoint, and its rejection would
/// sign the user out of the first. So a scheme name belongs to the first service that uses it,
/// and another service may use it only when the app says so (``Authenticator/sharedAcross``).
extension Authenticator {
    /// Remembers that `core`'s client runs this authenticator, so that ended sessions reach it.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/invalidRequest`` when the client's
    ///   service declares a scheme whose name another service's client took already: nothing is
    ///   claimed then, and the client is not made.
    func attach(_ core: ClientCore) throws {
        let service = core.service.name
        let schemes = core.service.authSchemes.map(\.name)
        try clients.withLock { clients in
            if let (scheme, owner) = clients.conflict(schemes, service: service, sharedAcross: sharedAcross) {
                throw Authenticator.refusal(scheme, service: service, owner: owner)
            }
            clients.add(core, schemes: schemes, service: service)
        }
    }

    /// Checks that `scheme` belongs to `service` (or claims it, the first time it is used), for a
    /// call that reached this authenticator without its client attaching it: given as a
    /// request's own ware.
    func checkServes(_ scheme: AuthSchemeName, service: String) throws {
        try clients.withLock { clients in
            if let (scheme, owner) = clients.conflict([scheme], service: service, sharedAcross: sharedAcross) {
                throw Authenticator.refusal(scheme, service: service, owner: owner)
            }
            clients.claim([scheme], service: service)
        }
    }

    private static func refusal(_ scheme: AuthSchemeName, service: String, owner: String) -> CourierError {
        .other(
            .invalidRequest,
            "service '\(service)' declares auth scheme '\(scheme)', which this Authenticator already keeps credentials of for "
                + "service '\(owner)': its calls would carry them. Give each service an Authenticator (and a credential store) "
                + "of its own, or name both services in the Authenticator's `sharedAcross` to share the credentials on purpose")
    }
}

/// The clients an authenticator serves, held weakly; the scheme names their services declare,
/// and which service each name belongs to.
struct ServedClients {
    private var cores: [WeakCore] = []
    /// The service each scheme name was first used by. Never forgotten while the authenticator
    /// lives, even when that service's clients are gone: its credentials are still in memory.
    private var owners: [AuthSchemeName: String] = [:]

    private struct WeakCore {
        weak var core: ClientCore?
    }

    var live: [ClientCore] { cores.compactMap(\.core) }

    /// Every scheme name a served service declares.
    var schemeNames: Set<AuthSchemeName> { Set(owners.keys) }

    /// The first of `schemes` that another service than `service` owns, unless both are among
    /// `sharedAcross`, with its owner.
    func conflict(_ schemes: [AuthSchemeName], service: String, sharedAcross: Set<String>) -> (AuthSchemeName, String)? {
        for scheme in schemes {
            guard let owner = owners[scheme], owner != service else { continue }
            if sharedAcross.contains(owner) && sharedAcross.contains(service) { continue }
            return (scheme, owner)
        }
        return nil
    }

    mutating func claim(_ schemes: [AuthSchemeName], service: String) {
        for scheme in schemes where owners[scheme] == nil { owners[scheme] = service }
    }

    mutating func add(_ core: ClientCore, schemes: [AuthSchemeName], service: String) {
        cores.removeAll { $0.core == nil }
        cores.append(WeakCore(core: core))
        claim(schemes, service: service)
    }
}
