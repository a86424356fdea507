/// A client's wares in run order, sorted once when the client is made, ending at the transport.
///
/// Running it walks an index down the array: each ware gets a ``Next`` naming the chain and the
/// index after it, so a request allocates nothing per ware. The body is decoded at ``boundary``,
/// just inside the observation wares, so that they see its outcome.
final class WareChain: NextLink, @unchecked Sendable {
    // @unchecked: immutable after init; every stored property is Sendable.
    let wares: [any Ware]
    let transport: any Transport
    /// The index of the first ware outside the observation slot: decoding runs there.
    let boundary: Int

    init(wares: [any Ware], transport: any Transport) {
        let ordered = WareChain.ordered(wares)
        self.wares = ordered
        self.transport = transport
        self.boundary = ordered.firstIndex { !$0.position.observesDecoding } ?? ordered.count
    }

    override func run(_ index: Int, _ request: PreparedRequest, _ context: CallContext) async throws -> RawResponse {
        try await step(index, request, context)
    }

    /// Stable sort by position: ties keep the order in which the wares were given.
    static func ordered(_ wares: [any Ware]) -> [any Ware] {
        wares.enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (lhs.element.position, rhs.element.position)
                return left == right ? lhs.offset < rhs.offset : left < right
            }
            .map(\.element)
    }

    /// This chain with a request's own wares merged in; client wares win ties.
    func adding(_ extra: [any Ware]) -> WareChain {
        WareChain(wares: wares + extra, transport: transport)
    }

    /// Runs the chain from the ware at `index` on, the transport past the last one; at
    /// ``boundary``, decodes what comes back (`decodes` is `false` only for that inner run).
    ///
    /// One function for every ware, so that a ware costs one async frame here (with `Next`
    /// inlined into the ware, two in all).
    func step(_ index: Int, _ request: PreparedRequest, _ context: CallContext, decodes: Bool = true) async throws -> RawResponse {
        if decodes, index == boundary {
            let response = try await step(index, request, context, decodes: false)
            do {
                try context.record.decodeAtBoundary(response)
            } catch {
                throw CallFailure.decorate(error, request: request, context: context, origin: .decoding)
            }
            return response
        }
        guard index < wares.count else { return try await callTransport(request, context) }
        let ware = wares[index]
        if context.record.skipsWares, context.setup.skipped.contains(ObjectIdentifier(type(of: ware))) {
            return try await step(index + 1, request, context)
        }
        do {
            return try await ware.intercept(request, context: context, next: Next(chain: self, index: index + 1))
        } catch {
            throw CallFailure.decorate(error, request: request, context: context, origin: .ware(ware))
        }
    }

    /// The innermost step: the transport, then the status check, so wares see a rejected
    /// status as a failure they may turn around.
    private func callTransport(_ request: PreparedRequest, _ context: CallContext) async throws -> RawResponse {
        let response: RawResponse
        do {
            try Task.checkCancellation()
            let transportContext = context.transportContext(timeout: request.timeout)
            if let headTimeout = request.streamHeadTimeout {
                // A stream's connect: the transport hands the body over at the head, so this
                // bounds the wait for the head only, as each attempt's own timeout.
                response = try await withDeadline(headTimeout) { [transport] in
                    try await transport.send(request, context: transportContext)
                }
            } else {
                response = try await transport.send(request, context: transportContext)
            }
        } catch {
            throw CallFailure.decorate(error, request: request, context: context, origin: .transport)
        }
        guard request.acceptableStatus.accepts(response.http.status.code) else {
            var error = CourierError(.status(response), call: CallFailure.identity(of: request, context: context))
            error.secrets = context.secrets(of: request)
            throw error
        }
        return response
    }
}
