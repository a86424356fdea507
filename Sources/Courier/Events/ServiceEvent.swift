/// Something the service tells the app outside the result of any one call: the session ended,
/// the backend is in maintenance, this app version is too old.
///
/// Wares publish events with ``CallContext/publish(_:)``; the app subscribes with
/// ``Client/events()``.
/// Use ``StandardEvent`` for the common ones; a spec's `errors: events:` generates a
/// service-specific enum, and any `Sendable` type of yours can conform too:
///
/// ```swift
/// enum ShopEvent: ServiceEvent { case basketExpired }
///
/// let events = client.events()   // subscribed here, before the task starts
/// Task {
///     for await event in events {
///         switch event {
///         case StandardEvent.sessionEnded(let reason, _): showLogin(reason)
///         case ShopEvent.basketExpired: clearBasket()
///         default: break
///         }
///     }
/// }
/// ```
public protocol ServiceEvent: Sendable {}

/// The events Courier's own wares publish.
public enum StandardEvent: ServiceEvent, Hashable, CustomStringConvertible {
    /// The signed-in session is over (credentials rejected, refresh failed, signed out, or
    /// another user signed in); `reason` says why, without secrets, and `principal` whose session
    /// it was (what the cache filed its answers under, now wiped).
    case sessionEnded(reason: String, principal: Principal)
    /// New credentials a token refresh obtained for `scheme` could not be saved in the
    /// ``CredentialStore`` (a full disk, a locked keychain), even on a second try; `reason` is the
    /// store's error. They work in this process, but the store still holds the previous refresh
    /// token, which a server that rotates them no longer takes: if the app ends now, the next
    /// launch may find the user signed out. The ``Authenticator`` tries again after the next call
    /// that succeeds, and publishes ``credentialsStored(scheme:)`` once it could; an app may free
    /// space, or warn the user, meanwhile.
    case credentialsNotStored(scheme: AuthSchemeName, reason: String)
    /// Credentials that could not be saved (``credentialsNotStored(scheme:reason:)``) are saved now.
    case credentialsStored(scheme: AuthSchemeName)
    /// The backend says it is in maintenance; `message` is what it said, if anything.
    case maintenance(message: String?)
    /// The backend no longer supports this app version; `message` is what it said, if anything.
    case obsoleteVersion(message: String?)

    /// A one-line description.
    public var description: String {
        switch self {
        case .sessionEnded(let reason, _): "session ended: \(reason)"
        case .credentialsNotStored(let scheme, let reason): "credentials of auth scheme '\(scheme)' not stored: \(reason)"
        case .credentialsStored(let scheme): "credentials of auth scheme '\(scheme)' stored"
        case .maintenance(let message): "maintenance" + (message.map { ": \($0)" } ?? "")
        case .obsoleteVersion(let message): "obsolete version" + (message.map { ": \($0)" } ?? "")
        }
    }
}
