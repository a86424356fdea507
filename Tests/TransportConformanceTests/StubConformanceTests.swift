import Courier
import CourierTesting
import Foundation
import Testing

@Suite("StubTransport keeps the transport rules that apply without a network")
struct StubConformanceTests {
    @Test("a reply delayed past the timeout ends in timedOut at the timeout, on the client's clock")
    func timeout() async throws {
        let clock = ManualClock()
        let stub = StubTransport()
        stub.on(.get, "/slow", reply: .json("{}").delayed(by: .seconds(30)))
        let client = try Client(
            service: ServiceConfiguration(name: "stub", baseURL: URL(string: "https://example.com")!, timeout: .seconds(5)),
            transport: stub, clock: clock)
        let call = Task { try await client.send(Request<Data>(method: .get, path: "/slow")) }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(5))
        let result = await call.result
        guard case .failure(let error) = result, case .transport(.timedOut(let after))? = (error as? CourierError)?.reason else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(after == .seconds(5))
    }

    @Test("a body over the limit is responseTooLarge; a GET with a body is an invalid request")
    func limits() async throws {
        let stub = StubTransport()
        stub.on(.get, "/big", reply: .init { _ in RawResponse(status: .ok, body: Data(count: 2048)) })
        let client = try Client(
            service: ServiceConfiguration(name: "stub", baseURL: URL(string: "https://example.com")!, maximumResponseSize: 1024),
            transport: stub)
        let error = try #require(await thrownError { _ = try await client.send(Request<Data>(method: .get, path: "/big")) } as? CourierError)
        #expect(error.kind == .responseTooLarge)
        let prepared = PreparedRequest(
            http: .init(method: .get, scheme: "https", authority: "example.com", path: "/big"), body: .bytes(Data("x".utf8)), timeout: .seconds(1))
        let direct = try #require(await thrownError { _ = try await stub.send(prepared, context: .testing()) } as? CourierError)
        guard case .invalidRequest(.bodyNotAllowed) = direct.reason else {
            Issue.record("expected bodyNotAllowed, got \(direct)")
            return
        }
    }
}

func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
