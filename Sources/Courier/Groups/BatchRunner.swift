/// Runs the members of a batch together: one implementation for every kind of batch (typed
/// tuples, lists, fail-fast, collect-all).
enum BatchRunner {
    /// One member, type-erased: runs its plan and keeps the typed answer where its batch reads it.
    struct Member: Sendable {
        let name: String?
        let run: @Sendable (PlanContext) async throws -> any Sendable
    }

    /// Runs `members` to their end, at most `limit` at a time, in order of index, each with its
    /// membership, and returns every result in member order. A cancelled caller cancels every
    /// member; those it cut short end with `CancellationError`.
    static func collect(_ members: [Member], name: String?, limit: Int, context: PlanContext) async -> [Result<any Sendable, any Error>] {
        await execute(members, name: name, failFast: false, limit: limit, context: context).results
    }

    /// Runs `members` like ``collect(_:name:limit:context:)``, but the first member to fail
    /// cancels the others at once (before anyone is told) and no further member starts; once
    /// every started member has ended, its error is thrown as a ``CallGroupFailure`` that keeps
    /// the answers that arrived.
    ///
    /// - Throws: ``CallGroupFailure``; `CancellationError` when the caller was cancelled.
    static func failFast(_ members: [Member], name: String?, limit: Int, context: PlanContext) async throws {
        let outcome = await execute(members, name: name, failFast: true, limit: limit, context: context)
        if let failure = outcome.failure {
            throw CallGroupFailure(
                kind: .batch, groupID: outcome.groupID, groupName: name, member: failure.index,
                memberName: members[failure.index].name, error: failure.error,
                completed: completedAnswers(outcome.results))
        }
        if Task.isCancelled { throw CancellationError() }
    }

    private static func execute(
        _ members: [Member], name: String?, failFast: Bool, limit: Int, context: PlanContext
    ) async -> (results: [Result<any Sendable, any Error>], failure: (index: Int, error: any Error)?, groupID: UInt64) {
        let groupID = CallGroupCounter.next()
        let outer = CallGroupMembership.current
        let count = members.count
        func membership(_ index: Int) -> CallGroupMembership {
            let level = CallGroupMembership.Level(
                kind: .batch, groupID: groupID, groupName: name, position: index, count: count,
                memberName: members[index].name)
            return .member(level, of: outer)
        }
        return await withTaskGroup(of: (Int, Result<any Sendable, any Error>).self) { group in
            var results = [Result<any Sendable, any Error>](repeating: .failure(CancellationError()), count: count)
            var failure: (index: Int, error: any Error)?
            var started = 0
            func start(_ index: Int) {
                let member = members[index]
                let membership = membership(index)
                group.addTask {
                    do {
                        let value = try await CallGroupMembership.$current.withValue(membership) {
                            try await member.run(context)
                        }
                        return (index, .success(value))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while started < min(max(limit, 1), count) {
                start(started)
                started += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if failFast, failure == nil, case .failure(let error) = result, !Task.isCancelled {
                    failure = (index, error)
                    group.cancelAll()
                }
                if failure == nil, started < count, !Task.isCancelled {
                    start(started)
                    started += 1
                }
                await context.reports?.memberFinished(membership(index), result)
            }
            return (results, failure, groupID)
        }
    }

    /// The answers among `results`, by index.
    static func completedAnswers(_ results: [Result<any Sendable, any Error>]) -> [Int: any Sendable] {
        var answers: [Int: any Sendable] = [:]
        for (index, result) in results.enumerated() {
            if case .success(let value) = result { answers[index] = value }
        }
        return answers
    }
}

/// Where one member of a typed batch leaves its answer, so that the batch returns it typed.
final class AnswerSlot<Value: Sendable>: Sendable {
    private let stored = Locked<Value?>(nil)

    /// Keeps `value` and returns it.
    func keep(_ value: Value) -> Value {
        stored.withLock { $0 = value }
        return value
    }

    /// The kept answer; a member that ended without one (cancelled) throws `CancellationError`.
    func take() throws -> Value {
        guard let value = stored.withLock({ $0 }) else { throw CancellationError() }
        return value
    }

    /// The kept answer as a result, or `error` when there is none.
    func result(or error: any Error) -> Result<Value, any Error> {
        stored.withLock { $0 }.map { .success($0) } ?? .failure(error)
    }
}

extension CallPlan {
    /// This plan as a batch member leaving its typed answer in `slot`.
    func batchMember(into slot: AnswerSlot<Value>) -> BatchRunner.Member {
        BatchRunner.Member(name: planName) { context in slot.keep(try await self.run(in: context)) }
    }
}
