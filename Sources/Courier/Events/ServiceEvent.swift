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
    /// The backend says it is in maintenance; `message` is what it said, if anything.
    case maintenance(message: String?)
    /// The backend no longer supports this app version; `message` is what it said, if anything.
    case obsoleteVersion(message: String?)

    /// A one-line description.
    public var description: String {
        switch self {
        case .sessionEnded(let reason, _): "session ended: \(reason)"
        case .maintenance(let message): "maintenance" + (message.map { ": \($0)" } ?? "")
        case .obsoleteVersion(let message): "obsolete version" + (message.map { ": \($0)" } ?? "")
        }
    }
}
