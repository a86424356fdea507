import Courier
import CourierTestServer
import Foundation
import Testing

/// `GET /who` by `authentication`.
private func who(_ authentication: Authentication) -> Request<[String: String]> {
    var request = Request<[String: String]>(method: .get, path: "/who", name: "who")
    request.authentication = authentication
    return request
}

@Suite("Coalescing: only calls of one principal share")
struct CoalescingIdentityTests {
    @Test("an anonymous call next to alice's in-flight call, and a second scheme's, each get their own request and answer; alice's twin joins")
    func principalsDoNotShare() async throws {
        let gate = DispatchSemaphore(value: 0)
        let arrived = Recorder<Int>()
        let auth = Authenticator(store: MemoryCredentialStore([
            "session": .bearer("alice-token"), "partner": .apiKey("partner-key-1234"),
        ]))
        try await withLoopback(
            routes: { $0.route(.get, "/who") { request in
                _ = gate.wait(timeout: .now() + 20)  // held until every call has reached the coalescing ware
                let who = request.header("Authorization") ?? request.header("X-Partner") ?? "nobody"
                return .json(#"{"who":"\#(who)"}"#)
            } },
            service: { service in
                service.authSchemes = [AuthScheme(name: "session", kind: .bearer), AuthScheme(name: "partner", kind: .apiKeyHeader("X-Partner"))]
                service.defaultAuthScheme = "session"
            },
            wares: [Coalescing(), Arrivals(log: arrived), auth]
        ) { server, client in
            let alice = Task { try await client.send(who(.service)) }
            let twin = Task { try await client.send(who(.service)) }
            let anonymous = Task { try await client.send(who(.none)) }
            let partner = Task { try await client.send(who(.scheme("partner"))) }
            try await waitUntil { arrived.all.count == 4 && server.requestCount == 3 }
            for _ in 0..<3 { gate.signal() }
            #expect(try await alice.value == ["who": "Bearer alice-token"])
            #expect(try await twin.value == ["who": "Bearer alice-token"])
            #expect(try await anonymous.value == ["who": "nobody"])
            #expect(try await partner.value == ["who": "partner-key-1234"])
            #expect(server.requestCount == 3, "alice's twin joined her call; the others did not")
        }
    }
}
