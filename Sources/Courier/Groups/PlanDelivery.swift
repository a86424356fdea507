/// Runs a plan in a task of its own and hands its outcome to a callback: the one implementation
/// behind completion handlers and delegates (async callers run the plan directly).
enum PlanDelivery {
    /// Starts `plan` in `context`; `handle` cancels it.
    static func start<Plan: CallPlan>(
        _ plan: Plan, in context: PlanContext, handle: TaskHandle,
        finished: @escaping @Sendable (Result<Plan.Value, any Error>) async -> Void
    ) {
        let task = Task {
            let result: Result<Plan.Value, any Error>
            do { result = .success(try await plan.run(in: context)) } catch { result = .failure(error) }
            await finished(result)
        }
        handle.attach(task)
    }

    /// Starts `plan` reporting to `delegate` (held weakly): member ends and progress as they
    /// happen, in order, then the outcome.
    static func start<Plan: CallPlan>(
        _ plan: Plan, in context: PlanContext, tag: String, delegate: any CallDelegate
    ) -> DelegatedCall {
        let handle = TaskHandle()
        let call = DelegatedCall(tag: tag, handle: handle)
        let weak = WeakDelegate(delegate)
        // Progress arrives on transport threads and must not block them: queued, then told in order.
        let (progress, progressInput) = AsyncStream.makeStream(
            of: (CallGroupMembership?, TransferProgress).self, bufferingPolicy: .bufferingNewest(64))
        let reports = PlanReports(
            memberFinished: { membership, result in
                await weak.delegate?.call(call, member: membership, didFinishWith: result)
            },
            progress: { membership, report in progressInput.yield((membership, report)) })
        let forwarding = Task {
            for await (membership, report) in progress {
                await weak.delegate?.call(call, member: membership, didProgress: report)
            }
        }
        start(plan, in: context.reporting(to: reports), handle: handle) { result in
            progressInput.finish()
            await forwarding.value
            guard let delegate = weak.delegate else { return }
            switch result {
            case .success(let value): await delegate.call(call, didSucceedWith: value)
            case .failure(let error): await delegate.call(call, didFailWith: error)
            }
        }
        return call
    }
}
