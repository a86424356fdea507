import Foundation

/// A value behind a lock, for tests that change what a store or a clock hands out while a client
/// reads it from other tasks (`Mutex` needs newer Apple platforms than the package's).
final class TestLocked<Value>: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
