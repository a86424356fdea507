#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a lock, for the little shared state the runtime keeps.
///
/// The value and the lock live in one allocation (a `ManagedBuffer` whose element is the
/// platform's lock), because a call makes one of these for its storage and the pipeline's cost
/// per call is counted in allocations. `Synchronization.Mutex` would do the same, but it needs
/// macOS 15 and Courier supports macOS 13. The lock is a POSIX `pthread_mutex_t` on every
/// platform (no `os_unfair_lock` branch for Apple platforms: one code path, compiled on Linux).
/// `package` so that `CourierTesting` shares it; it is not part of the public API.
package struct Locked<Value>: @unchecked Sendable {
    private let box: LockedBox<Value>

    package init(_ value: Value) {
        box = LockedBox.make(value)
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try box.withLock(body)
    }
}

/// The value as the header, the lock as the single element.
final class LockedBox<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    static func make(_ value: Value) -> LockedBox {
        let buffer = create(minimumCapacity: 1) { _ in value }
        let box = unsafeDowncast(buffer, to: LockedBox.self)
        box.withUnsafeMutablePointerToElements { lock in
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        }
        return box
    }

    deinit {
        withUnsafeMutablePointerToElements { lock in
            pthread_mutex_destroy(lock)
            lock.deinitialize(count: 1)
        }
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, lock in
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            return try body(&value.pointee)
        }
    }
}
