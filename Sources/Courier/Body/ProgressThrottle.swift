/// Thins one call's progress reports before they reach the caller, the same way for every
/// transport, and makes sure they end at 100%.
///
/// Per direction, a report the transport makes is passed on when it is the first, when it
/// completes the transfer (`completed == total`), or when it moved at least ``step(total:)``
/// (1% of the total or 256 KB, whichever is less) past the last one passed on and at least
/// ``minimumInterval`` (1/60 s) went by on the call's clock since then; a report that moved
/// less is still passed on after ``quietInterval``, so a slow transfer keeps moving. Reports that
/// go backwards (a retry sending its body again) are dropped: what the caller sees never goes back.
/// When the call succeeds, ``complete(upload:download:)`` adds the 100% report if the last one
/// passed on was not.
///
/// Reports are handed over under a lock, so that the caller sees them in order.
final class ProgressThrottle: Sendable {
    /// At most this often per direction, about 60 a second.
    static let minimumInterval = Duration.nanoseconds(1_000_000_000 / 60)
    /// A report that moved less than a step still passes after this long.
    static let quietInterval = Duration.milliseconds(500)
    /// The most bytes between two reports (unless the rate limit holds one back).
    static let maximumStep = 256 * 1024

    private struct Direction {
        var lastCompleted = -1
        var lastTotal: Int?
        var lastTime = Duration.zero
        var seenCompleted = 0
        var seenTotal: Int?
        var isComplete: Bool { lastCompleted >= 0 && lastTotal == lastCompleted }
    }

    private struct State {
        var upload = Direction()
        var download = Direction()
    }

    private let handler: (@Sendable (TransferProgress) -> Void)?
    private let updates: ProgressUpdates?
    private let now: @Sendable () -> Duration
    private let state = Locked(State())

    /// A throttle in front of `handler` and `updates` (at least one of them), timing on `now`.
    init(handler: (@Sendable (TransferProgress) -> Void)?, updates: ProgressUpdates?, now: @escaping @Sendable () -> Duration) {
        self.handler = handler
        self.updates = updates
        self.now = now
    }

    /// A throttle for a request's listeners, or `nil` when it has none (then nothing is counted).
    static func make(
        handler: (@Sendable (TransferProgress) -> Void)?, updates: ProgressUpdates?, clock: MonotonicClock
    ) -> ProgressThrottle? {
        guard handler != nil || updates != nil else { return nil }
        return ProgressThrottle(handler: handler, updates: updates, now: { clock.now })
    }

    /// Where the call's transports report.
    var sink: ProgressSink { ProgressSink { [self] in report($0) } }

    /// The smallest progress worth a report for a transfer of `total` bytes.
    static func step(total: Int?) -> Int {
        guard let total else { return maximumStep }
        return max(1, min(total / 100, maximumStep))
    }

    /// Passes `progress` on if it is due (see the type's description).
    func report(_ progress: TransferProgress) {
        let time = now()
        state.withLock { state in
            if progress.direction == .upload {
                pass(progress, time: time, &state.upload)
            } else {
                pass(progress, time: time, &state.download)
            }
        }
    }

    private func pass(_ progress: TransferProgress, time: Duration, _ direction: inout Direction) {
        let completed = progress.completedBytes
        direction.seenCompleted = max(direction.seenCompleted, completed)
        if progress.totalBytes != nil { direction.seenTotal = progress.totalBytes }
        guard completed >= direction.lastCompleted else { return }
        let first = direction.lastCompleted < 0
        let finishing = progress.totalBytes == completed && !direction.isComplete
        if !first, !finishing {
            let moved = completed - direction.lastCompleted
            let waited = time - direction.lastTime
            let due = (moved >= ProgressThrottle.step(total: progress.totalBytes) && waited >= ProgressThrottle.minimumInterval)
                || (moved > 0 && waited >= ProgressThrottle.quietInterval)
            guard due else { return }
        }
        direction.lastCompleted = completed
        direction.lastTotal = progress.totalBytes
        direction.lastTime = time
        deliver(progress)
    }

    private func deliver(_ progress: TransferProgress) {
        handler?(progress)
        updates?.report(progress)
    }

    /// The call succeeded: each direction that moved a body gets its 100% report if it has not
    /// had one. `upload` is the request body sent (`nil` for none); `download` the response body,
    /// skipped when it is a stream the caller has yet to read (its transport reports its end).
    func complete(upload: HTTPBody?, download: HTTPBody) {
        state.withLock { state in
            if let upload {
                finish(.upload, length: upload.length, &state.upload)
            }
            if !download.isStream, download.length != 0 || state.download.lastCompleted >= 0 {
                finish(.download, length: download.length, &state.download)
            }
        }
    }

    private func finish(_ kind: TransferProgress.Direction, length: Int?, _ direction: inout Direction) {
        guard !direction.isComplete else { return }
        let total = length ?? direction.seenTotal ?? direction.seenCompleted
        guard total >= direction.lastCompleted else { return }
        direction.lastCompleted = total
        direction.lastTotal = total
        deliver(TransferProgress(direction: kind, completedBytes: total, totalBytes: total))
    }

    /// The call ended, however: the async sequence ends.
    func end() {
        updates?.finish()
    }
}
