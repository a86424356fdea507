import Foundation

/// Runs CPU-heavy synchronous test work (importing a large OpenAPI document, generating hundreds
/// of damaged specs) on a thread of its own.
///
/// Swift Testing runs every test on the cooperative pool, which on a two-core machine has two
/// threads. A test that computes for seconds without suspending holds one of them; two such tests
/// hold both, and every other test stops for as long, including the ones that time a call against
/// its deadline (a fresh-clone CI run saw every test stall for 20–30 s while the import of two real
/// documents ran). On its own thread the work shares the cores with the pool instead of taking it.
///
/// The work runs outside the test's task, so it must not call `#expect`: return what it found and
/// check that in the test.
///
/// ```swift
/// let outcome = try await OwnThread.run { ImportRun.run(input: path, output: directory) }
/// #expect(outcome.errors == [])
/// ```
public enum OwnThread {
    /// Runs `work` on a new thread and returns its result (or throws its error) once it ends.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.stackSize = 8 << 20  // the generator's recursion is deep in debug builds
            thread.start()
        }
    }
}
