import Foundation

/// A thread-safe list that wares and server handlers append to, so a test can read what happened
/// and in which order.
final class Recorder<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    /// Appends `item` and returns how many items there are now.
    func appendCounting(_ item: Element) -> Int {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
        return items.count
    }
}
