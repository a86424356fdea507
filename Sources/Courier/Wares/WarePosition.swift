/// Where a ware runs: in one of the named slots, or just before or after one. Slots run in a
/// fixed order from the caller inwards, so built-in wares registered in any order run in the
/// right one; ties keep registration order.
///
/// | slot | for | sees |
/// | --- | --- | --- |
/// | ``Slot/observation`` | logging, metrics, tracing, activity | the final outcome, decoding included |
/// | ``Slot/events`` | backend error envelopes, service events | each response once |
/// | ``Slot/standard`` | your wares, by default | each response once |
/// | ``Slot/retry`` | retry with backoff | every attempt |
/// | ``Slot/coalescing`` | sharing identical in-flight requests | |
/// | ``Slot/cache`` | local answers and revalidation | |
/// | ``Slot/authentication`` | credentials, token refresh (innermost) | |
///
/// Retry sits outside authentication so that a replay after a token refresh is not a retry;
/// the cache sits outside authentication so that a hit needs no credential; coalescing sits
/// outside the cache so that identical misses make one fill.
/// Wares outside authentication still know whose call it is: the client decides
/// ``CallContext/principal`` before the first ware runs, and the cache and coalescing key by it.
///
/// ```swift
/// var position: WarePosition { .after(.authentication) }   // sign the request last
/// ```
public struct WarePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The named slots, outermost first.
    public enum Slot: Int, Sendable, Hashable, CaseIterable {
        /// Outermost: watches whole calls, including the decoding of the body.
        case observation
        /// Turns backend error envelopes into typed errors and publishes service events.
        case events
        /// The default for wares that do not say.
        case standard
        /// Replays failed attempts.
        case retry
        /// Shares one transport call among identical requests.
        case coalescing
        /// Answers from and fills the local store.
        case cache
        /// Innermost: adds credentials and refreshes them.
        case authentication
    }

    /// Whether a ware runs just before a slot's own wares, among them, or just after them.
    public enum Placement: Int, Sendable, Hashable {
        /// Just outside the slot.
        case before
        /// In the slot.
        case within
        /// Just inside the slot.
        case after
    }

    /// The slot.
    public var slot: Slot
    /// Where in relation to the slot.
    public var placement: Placement

    /// A position relative to `slot`.
    public init(_ slot: Slot, _ placement: Placement = .within) {
        self.slot = slot
        self.placement = placement
    }

    /// Just outside `slot`: runs before its wares on the way out, after them on the way back.
    public static func before(_ slot: Slot) -> WarePosition { WarePosition(slot, .before) }
    /// Just inside `slot`.
    public static func after(_ slot: Slot) -> WarePosition { WarePosition(slot, .after) }

    /// The observation slot (outermost).
    public static let observation = WarePosition(.observation)
    /// The events slot.
    public static let events = WarePosition(.events)
    /// The standard slot, the default.
    public static let standard = WarePosition(.standard)
    /// The retry slot.
    public static let retry = WarePosition(.retry)
    /// The coalescing slot.
    public static let coalescing = WarePosition(.coalescing)
    /// The cache slot.
    public static let cache = WarePosition(.cache)
    /// The authentication slot (innermost).
    public static let authentication = WarePosition(.authentication)

    /// Whether wares here see the decoded outcome of the call (the observation slot, any placement).
    var observesDecoding: Bool { slot == .observation }

    private var rank: Int { slot.rawValue * 3 + placement.rawValue }

    /// Whether `lhs` runs before (further out than) `rhs`.
    public static func < (lhs: WarePosition, rhs: WarePosition) -> Bool { lhs.rank < rhs.rank }

    /// `before(cache)`, `retry`, `after(authentication)`.
    public var description: String {
        switch placement {
        case .before: "before(\(slot))"
        case .within: "\(slot)"
        case .after: "after(\(slot))"
        }
    }
}
