import Courier
import CourierTestServer
import Foundation
import Testing

/// Records the final outcome of every call and how long it took.
private struct Outcomes: Ware {
    var position: WarePosition { .observation }
    let log: Recorder<String>
    let durations: Recorder<Duration>

    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        durations.append(context.elapsed)
        switch result {
        case .success(let response): log.append("\(context.endpoint): ok \(response.status.code)")
        case .failure(let error as CourierError): log.append("\(context.endpoint): \(error.kind) at \(error.call?.endpoint ?? "?")")
        case .failure(let error): log.append("\(context.endpoint): \(error)")
        }
        return try result.get()
    }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        try await process(await next.result(request, context), for: request, context: context)
    }
}

private struct Pet: Decodable, Sendable { var id: Int; var name: String }

@Suite("Observation slot: wares there see the final outcome, decoding included")
struct ObservationSlotTests {
    @Test("a decoding failure reaches an observing ware with the endpoint name and the call's duration")
    func observerSeesDecodingFailure() async throws {
        let log = Recorder<String>()
        let durations = Recorder<Duration>()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/pets/1") { _ in .json(#"{"id":1,"name":"Rex"}"#).delayed(by: .milliseconds(30)) }
                server.route(.get, "/pets/2") { _ in .json(#"{"id":"two"}"#).delayed(by: .milliseconds(30)) }
            },
            wares: [Outcomes(log: log, durations: durations)]
        ) { _, client in
            _ = try await client.send(Request<Pet>(method: .get, path: "/pets/1", name: "getPet"))
            let error = await #expect(throws: CourierError.self) {
                _ = try await client.send(Request<Pet>(method: .get, path: "/pets/2", name: "getOtherPet"))
            }
            #expect(error?.kind == .decoding)
            #expect(error?.call?.endpoint == "getOtherPet")
        }
        #expect(log.all == ["getPet: ok 200", "getOtherPet: decoding at getOtherPet"])
        #expect(durations.all.allSatisfy { $0 >= .milliseconds(30) && $0 < promptly })
    }

    @Test("a ware outside the observation slot sees the raw success of a body that later fails to decode")
    func innerWareDoesNotSeeDecoding() async throws {
        let log = Recorder<String>()
        let durations = Recorder<Duration>()
        struct Inner: Ware {
            let outcomes: Outcomes
            func process(_ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext) async throws -> RawResponse {
                try await outcomes.process(result, for: request, context: context)
            }

            func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
                try await process(await next.result(request, context), for: request, context: context)
            }
        }
        try await withLoopback(
            routes: { $0.route(.get, "/pets/2") { _ in .json(#"{"id":"two"}"#) } },
            wares: [Inner(outcomes: Outcomes(log: log, durations: durations))]
        ) { _, client in
            await #expect(throws: CourierError.self) {
                _ = try await client.send(Request<Pet>(method: .get, path: "/pets/2", name: "getPet"))
            }
        }
        #expect(log.all == ["getPet: ok 200"])
    }
}
