/// A call, or a group of calls, that a client runs as one unit: a ``Request``, a ``Batch`` or
/// ``ListBatch`` (members together), a ``Chain`` (steps that depend on earlier answers), or one of
/// your own. Plans nest: a chain step may be a batch and a batch member a chain.
///
/// Run one with ``PlanRunning/run(_:)`` on a ``Client`` or a generated client, with a delegate
/// (``PlanRunning/run(_:tag:delegate:)``) or with a completion handler.
///
/// Conform your own type when a unit of work is more than one call and should be batched,
/// chained or cancelled like one: send its calls through the context, so that they carry the
/// group's membership and a generated client's named wares.
///
/// ```swift
/// struct UploadThenWait: CallPlan {
///     let file: URL
///     var planName: String? { "upload then wait" }
///     func run(in context: PlanContext) async throws -> Job {
///         var job = try await context.send(API.upload(file: file))
///         while !job.isDone { job = try await context.send(API.job(id: job.id)) }
///         return job
///     }
/// }
/// ```
public protocol CallPlan<Value>: Sendable {
    /// What running the plan produces.
    associatedtype Value: Sendable

    /// A name for logs, errors and delegates: a request's endpoint name, a group's given name.
    var planName: String? { get }

    /// Runs the plan's calls through `context`.
    ///
    /// - Throws: What the plan's calls throw; groups throw ``CallGroupFailure``, and
    ///   `CancellationError` when the task running the plan is cancelled.
    func run(in context: PlanContext) async throws -> Value
}

/// What a ``CallPlan`` runs with: the client its calls go through, and what the caller adds to
/// every call (a generated client's named wares, a delegate's progress reports).
public struct PlanContext: Sendable {
    /// The client the plan's calls are sent through.
    public let client: Client
    /// The wares a generated client attaches to the named endpoint's calls (`wares:` in the spec).
    let endpointWares: @Sendable (String) -> [any Ware]
    /// Where a delegate's member and progress reports go; `nil` when nobody listens.
    let reports: PlanReports?
    /// The chains the plan runs in: their calls never go on as another signed-in user.
    var chainPins: [ChainPrincipalPin] = []

    /// A context sending through `client` and attaching `endpointWares(name)` to each request
    /// named `name` (how a generated client adds the wares its spec names).
    public init(client: Client, endpointWares: @escaping @Sendable (String) -> [any Ware] = { _ in [] }) {
        self.init(client: client, endpointWares: endpointWares, reports: nil)
    }

    init(client: Client, endpointWares: @escaping @Sendable (String) -> [any Ware], reports: PlanReports?) {
        self.client = client
        self.endpointWares = endpointWares
        self.reports = reports
    }

    /// Sends `request` through the client, with the wares the context attaches to its endpoint.
    public func send<Expected>(_ request: Request<Expected>) async throws -> Expected {
        var request = request
        if let name = request.name {
            let extra = endpointWares(name)
            if !extra.isEmpty { request.wares += extra }
        }
        if !chainPins.isEmpty { request.wares.append(ChainPrincipalGuard(pins: chainPins)) }
        if let reports {
            let membership = CallGroupMembership.current
            let own = request.onProgress
            request.onProgress = { progress in
                own?(progress)
                reports.progress(membership, progress)
            }
        }
        return try await client.send(request)
    }

    /// Runs `plan` in this context (for plans made of other plans).
    public func run<Plan: CallPlan>(_ plan: Plan) async throws -> Plan.Value {
        try await plan.run(in: self)
    }

    /// This context reporting to `reports`.
    func reporting(to reports: PlanReports?) -> PlanContext {
        PlanContext(client: client, endpointWares: endpointWares, reports: reports)
    }
}

extension Request: CallPlan {
    /// The request's ``name``: its endpoint's name.
    public var planName: String? { name }

    /// Sends the request through `context`.
    public func run(in context: PlanContext) async throws -> Expected {
        try await context.send(self)
    }
}
