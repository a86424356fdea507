/// Keeping refreshed credentials in the store when it fails for a while.
///
/// A server that rotates refresh tokens retires the old one at every refresh: credentials a
/// refresh obtained that the store could not save (a full disk, a keychain locked while the
/// device is) are lost at the next launch, which then starts with a refresh token nobody takes,
/// and the user is signed out. So a failed save is tried again, and the app is told.
extension Authenticator {
    /// Saves `credentials` for `name`, trying once more when the first save fails (a keychain
    /// unlocked in between, a disk with room again); the last error when both failed.
    func keep(_ credentials: Credentials, for name: AuthSchemeName, context: CallContext) async -> (any Error)? {
        var failure: (any Error)?
        for attempt in 1...2 {
            do {
                try await store.save(credentials, for: name)
                return nil
            } catch {
                failure = error
                context.logger.warning(
                    "could not store refreshed credentials", metadata: ["courier.error": "\(error)", "courier.attempt": "\(attempt)"])
            }
        }
        return failure
    }

    /// Saves `name`'s current credentials that a refresh could not save, after a call succeeded
    /// with them; publishes `credentialsStored` once saved. One call tries at a time, and a
    /// failure fails no call: the next one that succeeds tries again.
    func storeUnsaved(_ name: AuthSchemeName, context: CallContext) async {
        let pending = schemes.withLock { schemes -> (Credentials, Int)? in
            guard let state = schemes[name], state.unsaved, !state.saving, let credentials = state.credentials else { return nil }
            schemes[name]?.saving = true
            return (credentials, state.generation)
        }
        guard let (credentials, generation) = pending else { return }
        let stored = await commits.run { () -> Bool in
            defer { update(name) { $0.saving = false } }
            // A sign-in, sign-out or refresh meanwhile stored (or removed) newer ones.
            guard current(name, isStill: generation) else { return false }
            do {
                try await store.save(credentials, for: name)
            } catch {
                context.logger.warning("could not store refreshed credentials, again", metadata: ["courier.error": "\(error)"])
                return false
            }
            update(name) { $0.unsaved = false }
            return true
        }
        if stored { publish(StandardEvent.credentialsStored(scheme: name), context: context) }
    }

    /// Publishes `event` on every client this authenticator serves (and `context`'s).
    func publish(_ event: any ServiceEvent, context: CallContext?) {
        var cores = clients.withLock { $0.live }
        if let core = context?.core, !cores.contains(where: { $0 === core }) { cores.append(core) }
        for core in cores { core.events.publish(event) }
    }
}
