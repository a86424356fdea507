import Foundation

/// Where a client reads calendar time: for expiry dates (a JWT's `exp`), `Retry-After` dates
/// and cache ages. Durations and sleeps use the client's `Clock<Duration>` instead.
///
/// Tests pass one that moves with their manual clock (`ManualClock.wallClock` in
/// `CourierTesting`) or a fixed date:
///
/// ```swift
/// let frozen = WallClock { Date(timeIntervalSince1970: 1_700_000_000) }
/// ```
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A wall clock that reads `read` for the current date.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current date.
    public var now: Date { read() }

    /// The system's clock.
    public static let system = WallClock { Date() }
}
