/// Waits, before a test that times a call, until the cooperative pool runs work promptly.
///
/// Swift Testing starts every test of a run at once. On a two-core machine the pool has two
/// threads, and for the first seconds of a full run they work through the synchronous first part
/// of a thousand tests, in order. A call that starts then and is timed against its deadline waits
/// behind that queue as well: its timer fires on time, but the task it wakes runs seconds later,
/// and a 1 s timeout looks like 20 s (fresh-clone CI runs saw exactly that). The tests that time
/// calls or give them short timeouts wait here first, so what they measure is the call and not
/// the start of the run. A test run alone passes through at once.
///
/// ```swift
/// await PoolLatency.settle()
/// let elapsed = try await measure { try await client.send(request) }
/// ```
public enum PoolLatency {
    /// Returns once three 10 ms sleeps in a row each woke within 50 ms of their time, or after
    /// `limit` whatever the pool does (the test then measures what it gets).
    public static func settle(limit: Duration = .seconds(120)) async {
        let clock = ContinuousClock()
        let giveUp = clock.now + limit
        var promptInARow = 0
        while promptInARow < 3, clock.now < giveUp {
            let start = clock.now
            try? await Task.sleep(for: .milliseconds(10))
            promptInARow = clock.now - start < .milliseconds(60) ? promptInARow + 1 : 0
        }
    }
}
