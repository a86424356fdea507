/// A ware that puts credentials on requests, and says before any ware runs whose they will be.
///
/// Wares outside it (the cache, coalescing, your own) run before the credentials are on the
/// request, yet must know whose call it is: the client asks every identifying ware once per call,
/// before the pipeline starts, and combines the answers with the request's own credential fields
/// into ``CallContext/principal``. The ``Authenticator`` is one. Implement it for an auth ware of
/// your own; answer quickly (no network), with a stable name of the credentials — a user or
/// session ID, never the token, which a refresh changes:
///
/// ```swift
/// struct DeviceSigning: IdentifyingWare {
///     let device: DeviceIdentity
///     var position: WarePosition { .authentication }
///
///     func principal(for request: PreparedRequest, context: CallContext) async -> Principal {
///         Principal("device:\(device.id)")
///     }
///
///     func intercept(_ request: PreparedRequest, context: CallContext,
///                    next: (PreparedRequest, CallContext) async throws -> RawResponse) async throws -> RawResponse {
///         try await next(device.sign(request), context)
///     }
/// }
/// ```
public protocol IdentifyingWare: Ware {
    /// Whose credentials this ware will put on `request`, or ``Principal/anonymous`` when it adds
    /// none. Called once per call, before any ware runs.
    func principal(for request: PreparedRequest, context: CallContext) async -> Principal
}

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
