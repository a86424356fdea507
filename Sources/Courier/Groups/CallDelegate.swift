/// One object that receives the outcome of many calls, batches and chains (a screen's, say),
/// instead of a closure per call: nothing captures `self` by mistake, and one breakpoint sees
/// every answer.
///
/// The client holds a delegate weakly: once released it is not called, and the calls it started
/// go on (cancel them through their ``DelegatedCall`` if they should not). Each method is `async`
/// and runs where the delegate is isolated: a `@MainActor` delegate (UI code) is called on the
/// main actor, a nonisolated one on the global executor. Calls arrive in order: for a group, each
/// member or step as it ends, then the whole; progress before the end.
///
/// ```swift
/// @MainActor final class ProfileScreen: CallDelegate {
///     func load(_ client: Client) {
///         client.run(Petstore.getPet(id: 1), tag: "pet", delegate: self)
///     }
///     func call(_ call: DelegatedCall, didSucceedWith value: some Sendable) async {
///         if call.tag == "pet", let pet = value as? Petstore.Pet { show(pet) }
///     }
///     func call(_ call: DelegatedCall, didFailWith error: any Error) async { showError(error) }
/// }
/// ```
public protocol CallDelegate: AnyObject, Sendable {
    /// The call, batch or chain `call` ended with `value` (a batch's or chain's: a tuple).
    func call(_ call: DelegatedCall, didSucceedWith value: some Sendable) async

    /// The call, batch or chain `call` failed, or was cancelled (`CancellationError`).
    func call(_ call: DelegatedCall, didFailWith error: any Error) async

    /// A member or step of the batch or chain `call` ended (nested groups' members too);
    /// `member` says which. Called before the group's own end. Does nothing by default.
    func call(_ call: DelegatedCall, member: CallGroupMembership, didFinishWith result: Result<any Sendable, any Error>) async

    /// Bytes moved for `call` (for a group: its member `member`). Does nothing by default.
    func call(_ call: DelegatedCall, member: CallGroupMembership?, didProgress progress: TransferProgress) async
}

extension CallDelegate {
    /// Ignores group members' ends.
    public func call(_ call: DelegatedCall, member: CallGroupMembership, didFinishWith result: Result<any Sendable, any Error>) async {}

    /// Ignores progress.
    public func call(_ call: DelegatedCall, member: CallGroupMembership?, didProgress progress: TransferProgress) async {}
}

/// A call, batch or chain started with a delegate: what the delegate is told about, and the
/// handle that cancels it.
public struct DelegatedCall: Cancellable, Hashable, CustomStringConvertible {
    /// What the caller called it, so that one delegate tells its calls apart.
    public let tag: String
    /// A number unique in the process, for two calls with one tag.
    public let id: UInt64
    private let handle: TaskHandle

    init(tag: String, handle: TaskHandle) {
        self.tag = tag
        self.id = CallGroupCounter.next()
        self.handle = handle
    }

    /// Cancels the call; the delegate then hears `CancellationError` (if it is still there).
    public func cancel() { handle.cancel() }

    /// Equal when the same start.
    public static func == (lhs: DelegatedCall, rhs: DelegatedCall) -> Bool { lhs.id == rhs.id }

    /// Hashes the ``id``.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `tag #id`.
    public var description: String { "\(tag) #\(id)" }
}

/// The task behind a call started with a callback, set once it exists.
final class TaskHandle: Cancellable {
    private let task = Locked<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    func attach(_ running: Task<Void, Never>) {
        let cancelled = task.withLock { state in
            state.task = running
            return state.cancelled
        }
        if cancelled { running.cancel() }
    }

    /// Cancels the task, now or as soon as it is attached.
    func cancel() {
        let running = task.withLock { state in
            state.cancelled = true
            return state.task
        }
        running?.cancel()
    }
}

/// A delegate held weakly.
final class WeakDelegate: Sendable {
    weak let delegate: (any CallDelegate)?

    init(_ delegate: any CallDelegate) { self.delegate = delegate }
}
