/// The rest of the pipeline after a ware: call it with the request (changed or not) and the
/// context to run the wares inside and the transport, and get their result.
///
/// It is a value: a ware may call it more than once (a retry), or keep it and call it from
/// another task, after its own `intercept` returned (sharing one call among several callers).
/// Running it allocates nothing.
public struct Next: Sendable {
    @usableFromInline
    enum Target: Sendable {
        case chain(WareChain, index: Int)
        case closure(@Sendable (PreparedRequest, CallContext) async throws -> RawResponse)
    }

    @usableFromInline
    let target: Target

    /// The wares of `chain` from `index` on, then its transport.
    init(chain: WareChain, index: Int) {
        target = .chain(chain, index: index)
    }

    /// A rest of the pipeline made of `run`: for calling a ware by itself in tests.
    public init(_ run: @escaping @Sendable (PreparedRequest, CallContext) async throws -> RawResponse) {
        target = .closure(run)
    }

    /// Runs the rest of the pipeline and returns how it ended, success or failure, for a ware that
    /// looks at both (as ``Postware`` does).
    public func result(_ request: PreparedRequest, _ context: CallContext) async -> Result<RawResponse, any Error> {
        do { return .success(try await self(request, context)) } catch { return .failure(error) }
    }

    /// Runs the rest of the pipeline with `request` and `context`. Inlinable, so that calling it
    /// costs a ware no async frame of its own.
    @inlinable
    public func callAsFunction(_ request: PreparedRequest, _ context: CallContext) async throws -> RawResponse {
        switch target {
        case .chain(let chain, let index): try await chain.step(index, request, context)
        case .closure(let run): try await run(request, context)
        }
    }
}
