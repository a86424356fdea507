/// Any number of plans of one type sent together, at most ``maxConcurrent`` at a time, answers
/// in input order; fail-fast: the first member to fail cancels the rest and starts no more.
///
/// ```swift
/// let pets = try await client.batch(ids.map { Petstore.getPet(id: $0) }, maxConcurrent: 4)
/// ```
public struct ListBatch<Member: CallPlan>: CallPlan {
    /// The members' answers, in member order.
    public typealias Value = [Member.Value]

    /// The members.
    public let members: [Member]
    /// The batch's name, for logs, errors and delegates.
    public var name: String?
    /// How many members run at a time (at least one).
    public var maxConcurrent: Int

    /// A batch of `members`, named `name`, running `maxConcurrent` at a time.
    public init(named name: String? = nil, _ members: [Member], maxConcurrent: Int = ListBatch.defaultConcurrency) {
        self.members = members
        self.name = name
        self.maxConcurrent = max(1, maxConcurrent)
    }

    /// How many members run at a time unless a batch says otherwise: 6, what browsers open to
    /// one host.
    public static var defaultConcurrency: Int { 6 }

    /// The batch's name.
    public var planName: String? { name }

    /// Runs the members and returns their answers in member order.
    ///
    /// - Throws: ``CallGroupFailure`` for the first member that failed; `CancellationError`
    ///   when the calling task is cancelled.
    public func run(in context: PlanContext) async throws -> [Member.Value] {
        let slots = members.map { _ in AnswerSlot<Member.Value>() }
        let runnable = zip(members, slots).map { $0.batchMember(into: $1) }
        try await BatchRunner.failFast(runnable, name: name, limit: maxConcurrent, context: context)
        return try slots.map { try $0.take() }
    }

    /// The same members, run to the end whatever fails, answering with each one's result.
    public func collectingAll() -> CollectingListBatch<Member> {
        CollectingListBatch(named: name, members, maxConcurrent: maxConcurrent)
    }
}

/// A ``ListBatch`` that runs every member to its end and answers with each one's result, in
/// member order.
public struct CollectingListBatch<Member: CallPlan>: CallPlan {
    /// Each member's result, in member order.
    public typealias Value = [Result<Member.Value, any Error>]

    /// The members.
    public let members: [Member]
    /// The batch's name, for logs and delegates.
    public var name: String?
    /// How many members run at a time (at least one).
    public var maxConcurrent: Int

    /// A batch of `members`, named `name`, running `maxConcurrent` at a time.
    public init(named name: String? = nil, _ members: [Member], maxConcurrent: Int = ListBatch<Member>.defaultConcurrency) {
        self.members = members
        self.name = name
        self.maxConcurrent = max(1, maxConcurrent)
    }

    /// The batch's name.
    public var planName: String? { name }

    /// Runs the members and returns every result once all have ended.
    public func run(in context: PlanContext) async throws -> Value {
        await results(in: context)
    }

    /// What ``run(in:)`` returns, without a `throws` that never happens.
    func results(in context: PlanContext) async -> Value {
        let slots = members.map { _ in AnswerSlot<Member.Value>() }
        let runnable = zip(members, slots).map { $0.batchMember(into: $1) }
        let results = await BatchRunner.collect(runnable, name: name, limit: maxConcurrent, context: context)
        return zip(results, slots).map { result, slot in
            if case .failure(let error) = result { return .failure(error) }
            return slot.result(or: CancellationError())
        }
    }
}
