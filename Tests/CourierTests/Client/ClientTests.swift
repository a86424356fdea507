import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

@Suite("Client against the loopback server")
struct ClientTests {
    struct Pet: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
    }

    @Test("JSON round trip: POST a JSON body, the server echoes it, the client decodes it")
    func jsonRoundTrip() async throws {
        try await withLoopback(routes: { server in
            server.route(.post, "/pets") { request in
                TestServer.Response(status: 201, headers: [.init(name: "Content-Type", value: "application/json")], body: request.body)
            }
        }) { server, client in
            let pet = Pet(id: 7, name: "Rex ✓", tags: ["good", "dog"])
            var request = Request<Pet>(method: .post, path: "/pets")
            request.body = .json(pet)
            let created = try await client.send(request)
            #expect(created == pet)
            let seen = try #require(server.requests.first)
            #expect(seen.method == .post)
            #expect(seen.header("Content-Type") == "application/json")
            #expect(seen.bodyText == #"{"id":7,"name":"Rex ✓","tags":["good","dog"]}"#)
        }
    }

    @Test("response(for:) returns the value, the raw response and metrics whose times are consistent")
    func responseWithMetrics() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/pets/1") { _ in
                TestServer.Response.json(#"{"id":1,"name":"Rex","tags":[]}"#).delayed(by: .milliseconds(50))
            }
        }) { _, client in
            let before = Date()
            let response = try await client.response(for: Request<Pet>(method: .get, path: "/pets/1"))
            let after = Date()
            #expect(response.value == Pet(id: 1, name: "Rex", tags: []))
            #expect(response.http.status == .ok)
            #expect(response.raw.http.headerFields[.contentType] == "application/json")
            #expect(String(decoding: response.raw.data ?? Data(), as: UTF8.self) == #"{"id":1,"name":"Rex","tags":[]}"#)
            #expect(response.metrics.start >= before && response.metrics.end <= after)
            #expect(response.metrics.start <= response.metrics.end)
            #expect(response.metrics.duration >= .milliseconds(50))
            #expect(response.metrics.duration <= .seconds(after.timeIntervalSince(before)) + .milliseconds(5))
        }
    }

    @Test("the completion-handler form delivers the value")
    func completionHandler() async throws {
        try await withLoopback(routes: { $0.route(.get, "/name") { _ in .text("Rex") } }) { _, client in
            let result: Result<String, any Error> = await withCheckedContinuation { continuation in
                client.send(Request<String>(method: .get, path: "/name")) { continuation.resume(returning: $0) }
            }
            let value = try result.get()
            #expect(value == "Rex")
        }
    }

    @Test("cancelling the Cancellable cancels the transport call and completes with CancellationError")
    func cancellableCancels() async throws {
        try await withLoopback(routes: { $0.route(.get, "/stall") { _ in .stall } }) { server, client in
            let clock = ContinuousClock()
            let outcome = Recorder<Result<String, any Error>>()
            let done = Recorder<ContinuousClock.Instant>()
            let handle = client.send(Request<String>(method: .get, path: "/stall")) { result in
                outcome.append(result)
                done.append(clock.now)
            }
            try await waitUntil { server.requestCount == 1 }
            let cancelledAt = clock.now
            handle.cancel()
            handle.cancel()
            try await waitUntil { !outcome.all.isEmpty }
            let result = try #require(outcome.all.first)
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(try #require(done.all.first) - cancelledAt < promptly)
            #expect(outcome.all.count == 1)
        }
    }

    @Test("204 No Content decodes to Void")
    func noContent() async throws {
        try await withLoopback(routes: { $0.route(.delete, "/pets/1") { _ in .status(204) } }) { server, client in
            try await client.send(Request<Void>(method: .delete, path: "/pets/1"))
            #expect(server.requests.map(\.method) == [.delete])
        }
    }

    @Test("String and Data expectations return the body as text and as bytes")
    func stringAndData() async throws {
        let bytes = Data([0, 1, 2, 0xFE, 0xFF])
        try await withLoopback(routes: { server in
            server.route(.get, "/text") { _ in .text("héllo\nworld") }
            server.route(.get, "/bytes") { _ in
                TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: "application/octet-stream")], body: bytes)
            }
        }) { _, client in
            let text = try await client.send(Request<String>(method: .get, path: "/text"))
            let data = try await client.send(Request<Data>(method: .get, path: "/bytes"))
            #expect(text == "héllo\nworld")
            #expect(data == bytes)
        }
    }

    @Test("acceptableStatus widens what counts as success")
    func acceptableStatusWidens() async throws {
        try await withLoopback(routes: { $0.route(.get, "/maybe") { _ in .json("[]", status: 404) } }) { _, client in
            var request = Request<[String]>(method: .get, path: "/maybe")
            await #expect(throws: CourierError.self) { _ = try await client.send(request) }
            request.acceptableStatus = StatusAcceptance(200...299, extra: [404])
            let widened = try await client.send(request)
            #expect(widened.isEmpty)
        }
    }

    @Test("raw(_:) returns the response without decoding it")
    func rawResponse() async throws {
        try await withLoopback(routes: { $0.route(.get, "/html") { _ in .html("<p>hi</p>") } }) { _, client in
            let raw = try await client.raw(Request<[String]>(method: .get, path: "/html"))
            #expect(raw.http.headerFields[.contentType] == "text/html; charset=utf-8")
            #expect(String(decoding: raw.data ?? Data(), as: UTF8.self) == "<p>hi</p>")
        }
    }

    @Test("many concurrent calls through one client all get their own answers")
    func concurrentCalls() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/pets/{id}") { request in
                .json(#"{"id":\#(request.pathParameters["id"] ?? "0"),"name":"p","tags":[]}"#)
            }
        }) { server, client in
            let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                for id in 1...24 {
                    group.addTask {
                        var request = Request<Pet>(method: .get, path: "/pets/{id}")
                        request.setPathParameter("id", to: id)
                        return try await client.send(request).id
                    }
                }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            #expect(ids == Set(1...24))
            #expect(server.requestCount == 24)
        }
    }
}
