/// The rest of the pipeline after a ware: call it with the request (changed or not) and the
/// context to run the wares inside and the transport, and get their result.
///
/// It is a value: a ware may call it more than once (a retry), or keep it and call it from
/// another task, after its own `intercept` returned (sharing one call among several callers).
/// Running it allocates nothing.
public struct Next: Sendable {
    /// What runs: a client's chain from ``index`` on, or a closure given in a test.
    @usableFromInline
    let link: NextLink
    @usableFromInline
    let index: Int

    /// The wares of `chain` from `index` on, then its transport.
    init(chain: WareChain, index: Int) {
        link = chain
        self.index = index
    }

    /// A rest of the pipeline made of `run`: for calling a ware by itself in tests.
    public init(_ run: @escaping @Sendable (PreparedRequest, CallContext) async throws -> RawResponse) {
        link = ClosureLink(run)
        index = 0
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
        try await link.run(index, request, context)
    }
}

/// What a ``Next`` runs: one class reference and an index keep `Next` two words, copied without
/// outlined enum copies (a ware passes it on every call).
@usableFromInline
class NextLink: @unchecked Sendable {
    // @unchecked: subclasses hold only immutable Sendable state.
    @usableFromInline
    init() {}


    /// Runs from `index` on.
    @usableFromInline
    func run(_ index: Int, _ request: PreparedRequest, _ context: CallContext) async throws -> RawResponse {
        // Never reached: only the two subclasses below are made, and both override this.
        throw CourierError.other(.ware, "this Next runs no pipeline")
    }
}

/// A closure standing for the rest of the pipeline.
final class ClosureLink: NextLink, @unchecked Sendable {
    // @unchecked: one immutable Sendable closure.
    let closure: @Sendable (PreparedRequest, CallContext) async throws -> RawResponse

    init(_ closure: @escaping @Sendable (PreparedRequest, CallContext) async throws -> RawResponse) {
        self.closure = closure
    }

    override func run(_ index: Int, _ request: PreparedRequest, _ context: CallContext) async throws -> RawResponse {
        try await closure(request, context)
    }
}
