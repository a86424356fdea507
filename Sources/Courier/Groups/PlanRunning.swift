/// Something that runs ``CallPlan``s — requests, batches, chains — with async/await, a
/// completion handler or a delegate: a ``Client``, and every generated client (which attaches
/// the named wares its spec's endpoints ask for).
///
/// Conform a type of your own that wraps a client the way a generated one does: give the context
/// its calls should run in, and the whole API below comes with it.
///
/// ```swift
/// struct AccountAPI: PlanRunning {
///     let client: Client
///     var planContext: PlanContext { PlanContext(client: client) }
/// }
/// let (pet, owners) = try await api.batch(Petstore.getPet(id: 1), Petstore.listOwners())
/// ```
public protocol PlanRunning: Sendable {
    /// The context plans run in: the client, and the wares added to named endpoints' calls.
    var planContext: PlanContext { get }
}

extension PlanRunning {
    /// Runs `plan` (a request, batch, chain or your own) and returns its value.
    ///
    /// - Throws: What the plan throws: ``CourierError`` for a request, ``CallGroupFailure`` for a
    ///   group; `CancellationError` when the calling task is cancelled.
    public func run<Plan: CallPlan>(_ plan: Plan) async throws -> Plan.Value {
        try await plan.run(in: planContext)
    }

    /// Sends `members` together and returns their answers as a tuple; the first to fail cancels
    /// the others at once (see ``Batch``).
    ///
    /// - Throws: ``CallGroupFailure`` naming the member that failed and keeping the answers that
    ///   arrived; `CancellationError` when the calling task is cancelled.
    public func batch<each Member: CallPlan>(_ members: repeat each Member) async throws -> (repeat (each Member).Value) {
        try await Batch(repeat each members).run(in: planContext)
    }

    /// Sends `members` together, lets every one finish, and returns each one's result.
    public func batchResults<each Member: CallPlan>(
        _ members: repeat each Member
    ) async -> (repeat Result<(each Member).Value, any Error>) {
        await CollectingBatch(repeat each members).results(in: planContext)
    }

    /// Sends `members`, at most `maxConcurrent` at a time, and returns their answers in order;
    /// the first to fail cancels the rest (see ``ListBatch``).
    ///
    /// - Throws: ``CallGroupFailure`` naming the member that failed; `CancellationError` when
    ///   the calling task is cancelled.
    public func batch<Member: CallPlan>(
        _ members: [Member], maxConcurrent: Int = ListBatch<Member>.defaultConcurrency
    ) async throws -> [Member.Value] {
        try await ListBatch(members, maxConcurrent: maxConcurrent).run(in: planContext)
    }

    /// Sends `members`, at most `maxConcurrent` at a time, lets every one finish, and returns
    /// each one's result in order.
    public func batchResults<Member: CallPlan>(
        _ members: [Member], maxConcurrent: Int = ListBatch<Member>.defaultConcurrency
    ) async -> [Result<Member.Value, any Error>] {
        await CollectingListBatch(members, maxConcurrent: maxConcurrent).results(in: planContext)
    }

    /// Runs `plan` and calls `completion` with its outcome, for code not using async/await.
    ///
    /// The completion handler runs on an arbitrary thread. Cancelling the returned handle
    /// cancels the plan's calls and completes with `CancellationError`.
    @discardableResult
    public func run<Plan: CallPlan>(
        _ plan: Plan, completion: @escaping @Sendable (Result<Plan.Value, any Error>) -> Void
    ) -> any Cancellable {
        let handle = TaskHandle()
        PlanDelivery.start(plan, in: planContext, handle: handle) { completion($0) }
        return handle
    }

    /// Runs `plan` and tells `delegate` (held weakly) how it goes: each member or step of a group
    /// as it ends, progress, then the outcome (see ``CallDelegate``).
    ///
    /// - Returns: The call as the delegate will see it: its `tag`, and the handle that cancels it.
    @discardableResult
    public func run<Plan: CallPlan>(_ plan: Plan, tag: String, delegate: any CallDelegate) -> DelegatedCall {
        PlanDelivery.start(plan, in: planContext, tag: tag, delegate: delegate)
    }
}

extension Client: PlanRunning {
    /// The client itself, adding no wares.
    public var planContext: PlanContext { PlanContext(client: self) }
}
