/// The signed-in sessions one run of a chain has called as, so that no later step runs as
/// another user: signing out, or another user signing in, between two steps would otherwise send
/// the new user's calls with what the old user's answers held (their ids, their data).
///
/// Only sessions count (an ``Authenticator``'s `auth:<scheme>:<identity>` parts): a chain may
/// start anonymous and sign in (a login, then the profile), and a step may carry an API key the
/// others do not; neither is another user.
final class ChainPrincipalPin: Sendable {
    /// The chain's name, for the error.
    let chainName: String?
    /// The first session seen per scheme, keyed by `auth:<scheme>:`.
    private let sessions = Locked<[String: String]>([:])

    init(chainName: String?) {
        self.chainName = chainName
    }

    /// Records the sessions `principal` calls as; returns the first one that differs from the
    /// session of its scheme seen earlier in the chain, if any. A signed-out scheme (`…:none`)
    /// is left to the authenticator, which refuses the call as ``CourierError/Kind/notSignedIn``.
    func admit(_ principal: Principal) -> (earlier: String, now: String)? {
        sessions.withLock { seen in
            for part in principal.parts {
                guard let (scheme, signedIn) = SchemeState.session(of: part), signedIn else { continue }
                if let earlier = seen[scheme] {
                    if earlier != part { return (earlier, part) }
                } else {
                    seen[scheme] = part
                }
            }
            return nil
        }
    }
}

/// Put on every call a chain's steps make: refuses a call, before anything is sent, whose
/// session is not the one the chain's earlier calls of that scheme made (see
/// ``ChainPrincipalPin``). The principal is settled before the first ware runs.
struct ChainPrincipalGuard: Ware {
    /// The pins of the chains the call runs in, innermost last.
    let pins: [ChainPrincipalPin]

    /// Just inside the observation wares: logging and metrics see the refused call.
    var position: WarePosition { .after(.observation) }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        for pin in pins {
            guard let (earlier, now) = pin.admit(context.principal) else { continue }
            let chain = pin.chainName.map { "the chain '\($0)'" } ?? "the chain"
            throw CourierError.other(
                .identityChanged, "\(chain) called as \(earlier) and would go on as \(now): it ends instead")
        }
        return try await next(request, context)
    }
}
