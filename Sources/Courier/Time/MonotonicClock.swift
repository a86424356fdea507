/// The client's `Clock<Duration>` with its instant type erased: "now" is the duration since the
/// client was made, so call contexts can store and compare instants without generics.
struct MonotonicClock: Sendable {
    /// The clock as given, for wares that sleep on it.
    let clock: any Clock<Duration>
    private let offset: @Sendable () -> Duration

    init<C: Clock<Duration>>(_ clock: C) {
        self.clock = clock
        let origin = clock.now
        self.offset = { origin.duration(to: clock.now) }
    }

    /// Time since the client was made.
    var now: Duration { offset() }
}
