/// Steps run one after another, each built from the answers before it; the chain answers with
/// every step's answer as a tuple.
///
/// Start a chain from any plan with ``CallPlan/chain(named:)``, and add a step with
/// ``then(_:_:)``: its closure receives every earlier answer and returns the next plan (a
/// request, a batch, another chain).
///
/// ```swift
/// let sync = Petstore.getOwner(id: 7).chain(named: "owner sync")
///     .then("pets") { owner in Petstore.listPets(owner: owner.id) }
///     .then("rename") { owner, pets in Petstore.updatePet(id: pets[0].id, body: .init(name: owner.name)) }
/// let (owner, pets, renamed) = try await client.run(sync)
/// ```
///
/// A failing step ends the chain with ``CallGroupFailure`` naming the step and keeping the
/// earlier answers; no later step starts. A step never runs as another signed-in user than the
/// steps before it: after another user's sign-in, its calls fail with
/// ``CourierError/Kind/identityChanged`` before anything is sent (after a sign-out, with
/// ``CourierError/Kind/notSignedIn``); a chain may still start anonymous and sign in.
/// Cancelling the task running the chain cancels the step in flight, starts no later one and
/// throws `CancellationError`.
public struct Chain<each Answer: Sendable>: CallPlan {
    /// Every step's answer, in step order.
    public typealias Value = (repeat each Answer)

    /// The chain's name, for logs, errors and delegates.
    public var name: String?
    /// How many steps the chain has.
    public let stepCount: Int
    /// Runs the steps so far.
    let body: @Sendable (ChainRun) async throws -> (repeat each Answer)

    init(name: String?, stepCount: Int, body: @escaping @Sendable (ChainRun) async throws -> (repeat each Answer)) {
        self.name = name
        self.stepCount = stepCount
        self.body = body
    }

    /// The chain's name.
    public var planName: String? { name }

    /// This chain with one more step, named `stepName` (the plan's own name when `nil`), which
    /// `next` builds from every earlier answer.
    public func then<Next: CallPlan>(
        _ stepName: String? = nil,
        _ next: @escaping @Sendable (repeat each Answer) async throws -> Next
    ) -> Chain<repeat each Answer, Next.Value> {
        let previous = body
        let index = stepCount
        return Chain<repeat each Answer, Next.Value>(name: name, stepCount: stepCount + 1) { run in
            let answers = try await previous(run)
            let answer = try await run.step(index, name: stepName) { try await next(repeat each answers) }
            return (repeat each answers, answer)
        }
    }

    /// Runs the steps in order and returns every answer.
    ///
    /// - Throws: ``CallGroupFailure`` for the step that failed; `CancellationError` when the
    ///   calling task is cancelled.
    public func run(in context: PlanContext) async throws -> Value {
        try await body(ChainRun(name: name, stepCount: stepCount, context: context))
    }
}

extension CallPlan {
    /// A ``Chain`` named `name` whose first step is this plan; add steps with ``Chain/then(_:_:)``.
    ///
    /// (Why not `then` on every plan: a chain is a plan too, and Swift would then pick that
    /// `then`, whose closure takes one tuple, over the chain's own.)
    public func chain(named name: String? = nil) -> Chain<Value> {
        Chain<Value>(name: name, stepCount: 1) { run in try await run.step(0, name: nil) { self } }
    }
}

/// One run of a chain: its number, the answers so far (kept for a failure) and the context its
/// steps run in.
final class ChainRun: Sendable {
    let groupID = CallGroupCounter.next()
    let name: String?
    let stepCount: Int
    let context: PlanContext
    let outer = CallGroupMembership.current
    private let answers = Locked<[Int: any Sendable]>([:])

    init(name: String?, stepCount: Int, context: PlanContext) {
        self.name = name
        self.stepCount = stepCount
        var context = context
        context.chainPins.append(ChainPrincipalPin(chainName: name))
        self.context = context
    }

    /// Builds step `index` with `build` and runs it with its membership; starts nothing when the
    /// chain's task is already cancelled.
    func step<Plan: CallPlan>(_ index: Int, name stepName: String?, build: () async throws -> Plan) async throws -> Plan.Value {
        try Task.checkCancellation()
        var membership = membership(index, memberName: stepName)
        do {
            let plan = try await build()
            if stepName == nil, let planName = plan.planName { membership = self.membership(index, memberName: planName) }
            let answer = try await CallGroupMembership.$current.withValue(membership) { try await plan.run(in: context) }
            answers.withLock { $0[index] = answer }
            await context.reports?.memberFinished(membership, .success(answer))
            return answer
        } catch {
            await context.reports?.memberFinished(membership, .failure(error))
            if error is CancellationError { throw error }
            throw CallGroupFailure(
                kind: .chain, groupID: groupID, groupName: name, member: index,
                memberName: membership.innermost.memberName, error: error, completed: answers.withLock { $0 })
        }
    }

    private func membership(_ index: Int, memberName: String?) -> CallGroupMembership {
        .member(
            CallGroupMembership.Level(
                kind: .chain, groupID: groupID, groupName: name, position: index, count: stepCount,
                memberName: memberName),
            of: outer)
    }
}
