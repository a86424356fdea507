import Foundation

/// A value guarded by a lock, for the little shared state transports and stubs keep.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and Courier supports macOS 14.
/// `package` so that `CourierTesting` shares it; it is not part of the public API.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
