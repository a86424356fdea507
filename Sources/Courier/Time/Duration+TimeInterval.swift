import Foundation

extension Duration {
    /// The duration in seconds, as Foundation counts time (`TimeInterval`, a `Double`): for
    /// metrics and timers that take seconds, given a call's ``CallMetrics/duration`` or the time
    /// a ware reads from ``CallContext/elapsed``.
    ///
    /// Within a nanosecond for durations up to about 100 days (a `Double` keeps 15–16
    /// significant digits); negative durations give negative seconds.
    ///
    /// ```swift
    /// let seconds: TimeInterval = Duration.milliseconds(1_500).timeInterval   // 1.5
    /// ```
    public var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
