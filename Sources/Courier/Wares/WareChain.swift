/// A client's wares in run order, sorted once when the client is made, ending at the transport.
///
/// Running it walks an index down the array with non-escaping closures, so a request allocates
/// no closures or arrays for the pipeline itself.
struct WareChain: Sendable {
    let wares: [any Ware]
    let transport: any Transport

    init(wares: [any Ware], transport: any Transport) {
        self.wares = WareChain.ordered(wares)
        self.transport = transport
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

    func run(_ request: PreparedRequest, context: WareContext) async throws -> RawResponse {
        try await step(0, request, context)
    }

    private func step(_ index: Int, _ request: PreparedRequest, _ context: WareContext) async throws -> RawResponse {
        guard index < wares.count else { return try await callTransport(request) }
        let ware = wares[index]
        do {
            return try await ware.intercept(request, context: context) { next in
                try await step(index + 1, next, context)
            }
        } catch let error as CourierError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw CourierError.ware(ware: String(describing: type(of: ware)), underlying: error)
        }
    }

    /// The innermost step: the transport, then the status check, so postwares see a rejected
    /// status as a failure they may turn around.
    private func callTransport(_ request: PreparedRequest) async throws -> RawResponse {
        try Task.checkCancellation()
        let response: RawResponse
        do {
            response = try await transport.send(request)
        } catch let error as CourierError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw CourierError.transport(.other(error))
        }
        guard request.options.acceptableStatus.accepts(response.http.status.code) else {
            throw CourierError.unacceptableStatus(response)
        }
        return response
    }
}
