/// The streamed answers of a client still being read, by whose call opened them: when a session
/// ends (a sign-out, another user signing in, a rejected refresh), the streams opened with its
/// credentials end too, with ``CourierError/Kind/identityChanged``, and their connections close.
/// A stream of one user's events must not go on into the next user's screen for as long as the
/// server keeps the connection open (a day, with heartbeats); a reconnect is refused by
/// ``StreamIdentityGuard`` already, but an open connection makes none.
final class SessionBoundStreams: Sendable {
    private struct Bound {
        let principal: Principal
        let interrupt: @Sendable (any Error) -> Bool
    }

    private struct State {
        var nextID: UInt64 = 0
        var streams: [UInt64: Bound] = [:]
    }

    private let state = Locked(State())

    /// Ends `body` when a session `principal` holds ends, until the body is done with (read to
    /// its end, failed, or dropped). Answers to anonymous calls are bound to no session.
    func bind(_ body: HTTPBody, to principal: Principal) {
        guard !principal.isAnonymous, case .stream(let source) = body.storage else { return }
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            // Weakly: the registry must not keep a stream nobody reads from closing its connection.
            state.streams[state.nextID] = Bound(principal: principal) { [weak source] error in
                source?.interrupt(with: error) ?? false
            }
            return state.nextID
        }
        source.whenDone { [weak self] in
            self?.state.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
    }

    /// Ends every stream opened with credentials of `ended` (any of its parts).
    func sessionEnded(_ ended: Principal) {
        let bound = state.withLock { state in
            state.streams.values.filter { $0.principal.parts.contains(where: ended.parts.contains) }
        }
        for stream in bound {
            _ = stream.interrupt(CourierError.other(
                .identityChanged,
                "the session the stream was opened for (\(stream.principal)) ended: signed out, or another user signed in"))
        }
    }

    /// How many streams are bound, for tests.
    var count: Int { state.withLock { $0.streams.count } }
}
