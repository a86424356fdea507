import Foundation

extension Duration {
    /// The duration in seconds, as Foundation counts time.
    package var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
