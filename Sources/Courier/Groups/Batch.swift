/// Requests (or other plans) of different types sent together, whose answers come back as one
/// typed tuple; fail-fast: the first member to fail cancels the others at once.
///
/// ```swift
/// let (pet, owners) = try await client.batch(Petstore.getPet(id: 1), Petstore.listOwners())
/// // or, as a plan to nest in a chain or another batch:
/// let profiles = Batch(named: "profiles", Petstore.getPet(id: 1), Petstore.listOwners())
/// ```
///
/// A failure throws ``CallGroupFailure`` naming the member and keeping the answers that had
/// arrived; ``collectingAll()`` waits for every member instead and returns their results.
/// Members all start at once unless ``maxConcurrent`` says otherwise. Every call carries its
/// place in the batch (``CallContext/group``).
public struct Batch<each Member: CallPlan>: CallPlan {
    /// The members' answers, in member order.
    public typealias Value = (repeat (each Member).Value)

    /// The members.
    public let members: (repeat each Member)
    /// The batch's name, for logs, errors and delegates.
    public var name: String?
    /// How many members run at a time; all of them when `nil`.
    public var maxConcurrent: Int?

    /// A batch of `members`, named `name`.
    public init(named name: String? = nil, _ members: repeat each Member) {
        self.members = (repeat each members)
        self.name = name
    }

    /// The batch's name.
    public var planName: String? { name }

    /// Runs the members together and returns their answers once every one has arrived.
    ///
    /// - Throws: ``CallGroupFailure`` for the first member that failed, once the others are
    ///   cancelled; `CancellationError` when the calling task is cancelled.
    public func run(in context: PlanContext) async throws -> Value {
        var runnable: [BatchRunner.Member] = []
        let slots = (repeat Self.add(each members, to: &runnable))
        try await BatchRunner.failFast(runnable, name: name, limit: maxConcurrent ?? runnable.count, context: context)
        return (repeat try (each slots).take())
    }

    /// The same members, run to the end whatever fails, answering with each one's result.
    public func collectingAll() -> CollectingBatch<repeat each Member> {
        var batch = CollectingBatch(named: name, repeat each members)
        batch.maxConcurrent = maxConcurrent
        return batch
    }

    /// Adds `member` to `runnable` and returns where its answer will be.
    static func add<Plan: CallPlan>(_ member: Plan, to runnable: inout [BatchRunner.Member]) -> AnswerSlot<Plan.Value> {
        let slot = AnswerSlot<Plan.Value>()
        runnable.append(member.batchMember(into: slot))
        return slot
    }
}

/// A ``Batch`` that runs every member to its end and answers with each one's result: nothing is
/// cancelled when a member fails.
///
/// ```swift
/// let (pet, owners) = await client.batchResults(Petstore.getPet(id: 1), Petstore.listOwners())
/// if case .failure(let error) = owners { … }
/// ```
public struct CollectingBatch<each Member: CallPlan>: CallPlan {
    /// Each member's result, in member order.
    public typealias Value = (repeat Result<(each Member).Value, any Error>)

    /// The members.
    public let members: (repeat each Member)
    /// The batch's name, for logs and delegates.
    public var name: String?
    /// How many members run at a time; all of them when `nil`.
    public var maxConcurrent: Int?

    /// A batch of `members`, named `name`.
    public init(named name: String? = nil, _ members: repeat each Member) {
        self.members = (repeat each members)
        self.name = name
    }

    /// The batch's name.
    public var planName: String? { name }

    /// Runs the members together and returns every result once all have ended; a cancelled
    /// caller gets `CancellationError` results for the members it cut short.
    public func run(in context: PlanContext) async throws -> Value {
        await results(in: context)
    }

    /// What ``run(in:)`` returns, without a `throws` that never happens.
    func results(in context: PlanContext) async -> Value {
        var runnable: [BatchRunner.Member] = []
        let slots = (repeat Batch<repeat each Member>.add(each members, to: &runnable))
        let results = await BatchRunner.collect(runnable, name: name, limit: maxConcurrent ?? runnable.count, context: context)
        var index = 0
        func result<Answer>(_ slot: AnswerSlot<Answer>) -> Result<Answer, any Error> {
            defer { index += 1 }
            if case .failure(let error) = results[index] { return .failure(error) }
            return slot.result(or: CancellationError())
        }
        return (repeat result(each slots))
    }
}
