import Courier
import CourierTesting
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// A ware that keeps `next` and runs it in a task of its own, answering from there: the shape of
/// sharing one call among callers, with nothing but `Ware`.
private struct Detached: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        let kept = next
        return try await Task.detached { try await kept(request, context) }.value
    }
}

/// Hears events through the `observe` capability.
private final class Listener: Ware {
    let heard = Recorder<String>()
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        try await next(request, context)
    }
    func observe(_ event: any ServiceEvent) { heard.append("\(event)") }
}

@Suite("Ware adapters and capabilities: Middleware, Postware, a kept Next, observe")
struct WareAdapterTests {
    @Test("a Middleware passes a changed request on, answers itself, or aborts by throwing")
    func middleware() async throws {
        let stamp = Middleware { request, _ in
            var request = request
            request.http.headerFields[HTTPField.Name("X-Stamp")!] = "yes"
            return .proceed(request)
        }
        let offline = Middleware(position: .before(.standard)) { request, _ in
            request.http.path?.hasPrefix("/offline") == true
                ? .respond(RawResponse(status: .ok, headers: [.contentType: "application/json"], body: Data(#"{"from":"middleware"}"#.utf8)))
                : .proceed(request)
        }
        let refuse = Middleware { request, _ in
            if request.http.path?.hasPrefix("/refused") == true { throw Refusal(reason: "no") }
            return .proceed(request)
        }
        try await withLoopback(routes: { $0.route(.get, "/echo") { .echo($0) } }, wares: [stamp, offline, refuse]) { server, client in
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo"))
            #expect(echo.header("X-Stamp") == "yes")
            let answered = try await client.send(Request<[String: String]>(method: .get, path: "/offline"))
            #expect(answered == ["from": "middleware"])
            let error = try #require(await thrownError { _ = try await client.send(Request<Void>(method: .get, path: "/refused")) } as? CourierError)
            #expect(error.underlying(as: Refusal.self) == Refusal(reason: "no"))
            #expect(error.description.contains("Middleware"), "the error names the adapter: \(error)")
            #expect(server.requestCount == 1, "only the first call reached the server")
        }
    }

    @Test("a Postware sees failures and may replace them; at the observation slot it sees decoding fail")
    func postware() async throws {
        let outcomes = Recorder<String>()
        let notFoundIsEmpty = Postware { result, _, _ in
            if case .failure(let error as CourierError) = result, error.status == .notFound {
                return RawResponse(status: .ok, headers: [.contentType: "application/json"], body: Data("[]".utf8))
            }
            return try result.get()
        }
        let watcher = Postware(position: .observation) { result, _, context in
            switch result {
            case .success: outcomes.append("\(context.endpoint) ok")
            case .failure(let error): outcomes.append("\(context.endpoint) \((error as? CourierError)?.kind.name ?? "?")")
            }
            return try result.get()
        }
        try await withLoopback(
            routes: {
                $0.route(.get, "/missing") { _ in .status(404) }
                $0.route(.get, "/text") { _ in .text("not json") }
            },
            wares: [notFoundIsEmpty, watcher]
        ) { _, client in
            let empty = try await client.send(Request<[Int]>(method: .get, path: "/missing", name: "missing"))
            #expect(empty == [])
            _ = try? await client.send(Request<[Int]>(method: .get, path: "/text", name: "text"))
        }
        #expect(outcomes.all == ["missing ok", "text decoding"])
    }

    @Test("Next is a value: kept and run from another task, it still runs the rest and the decoding")
    func keptNext() async throws {
        let outcomes = Recorder<String>()
        let watcher = Postware(position: .observation) { result, _, _ in
            outcomes.append((try? result.get()).map { "\($0.status.code)" } ?? "failed")
            return try result.get()
        }
        try await withLoopback(routes: { $0.route(.get, "/pets") { _ in .json("[1,2,3]") } }, wares: [Detached(), watcher]) { _, client in
            let pets = try await client.send(Request<[Int]>(method: .get, path: "/pets"))
            #expect(pets == [1, 2, 3])
            await #expect(throws: CourierError.self) { _ = try await client.send(Request<[String]>(method: .get, path: "/pets")) }
        }
        #expect(outcomes.all == ["200", "failed"], "the observer saw the decoding failure")
    }

    @Test("a ware hears the client's events through observe")
    func observeCapability() async throws {
        let listener = Listener()
        let client = try Client(service: ServiceConfiguration(name: "s", baseURL: URL(string: "http://127.0.0.1:1")!), wares: [listener])
        client.publish(StandardEvent.maintenance(message: "tonight"))
        #expect(listener.heard.all == ["maintenance: tonight"])
    }

    @Test("a ware run by itself takes a closure for the rest of the pipeline")
    func byItself() async throws {
        let stamp = Middleware { request, _ in
            var request = request
            request.http.headerFields[HTTPField.Name("X-Stamp")!] = "yes"
            return .proceed(request)
        }
        let request = PreparedRequest(http: HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/"), timeout: .seconds(1))
        let context = try CallContext.testing()
        let response = try await stamp.intercept(request, context: context) { request, _ in
            RawResponse(status: .ok, body: Data((request.http.headerFields[HTTPField.Name("X-Stamp")!] ?? "").utf8))
        }
        #expect(response.data == Data("yes".utf8))
    }
}
