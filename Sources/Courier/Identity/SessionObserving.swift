/// A ware that keeps something per principal and must drop it when that principal's session
/// ends (sign-out, another user signing in, credentials rejected): the ``HTTPCache`` wipes the
/// answers it filed under it. The ``Authenticator`` waits for every such ware of every client it
/// serves before `signOut()` returns.
protocol SessionObserving: Sendable {
    /// `principal`'s session is over: forget what was kept for it.
    func sessionEnded(_ principal: Principal) async
    /// `principal` signed in (again: an app may give a user the same identity at every sign-in).
    func sessionStarted(_ principal: Principal)
}

/// A ware that must know the clients it runs in (the ``Authenticator`` tells every client it
/// serves when a session ends): each client attaches itself when it is made.
protocol ClientAttaching: Sendable {
    /// Remembers that `core`'s client runs this ware; throws when the ware cannot serve that
    /// client (the client is not made then).
    func attach(_ core: ClientCore) throws
}
