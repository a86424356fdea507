import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// Watches whole calls from the observation slot: records what it sees and adds a header.
private struct Watcher: Ware {
    let log: Recorder<String>

    var position: WarePosition { .observation }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let name = HTTPField.Name("X-App-Version") { request.http.headerFields[name] = "1.2.3" }
        log.append("will \(context.endpoint)")
        do {
            let response = try await next(request, context)
            log.append("ok \(context.endpoint) \(response.status.code)")
            return response
        } catch {
            log.append("failed \(context.endpoint) \((error as? CourierError)?.kind.name ?? "\(type(of: error))")")
            throw error
        }
    }
}

@Suite("Observation-slot wares and ActivityTracker")
struct ObserverAndActivityTests {
    @Test("a ware in the observation slot sees the start, success and failure (decoding included), and adds its header")
    func observer() async throws {
        let log = Recorder<String>()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/echo") { .echo($0) }
                server.route(.get, "/bad") { _ in .json("{}") }
            },
            wares: [Watcher(log: log)]
        ) { _, client in
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo", name: "echo"))
            #expect(echo.header("X-App-Version") == "1.2.3")
            _ = try? await client.send(Request<[Int]>(method: .get, path: "/bad", name: "bad"))
        }
        #expect(log.all == ["will echo", "ok echo 200", "will bad", "failed bad decoding"])
    }

    @Test("50 concurrent calls with failures and cancellations: the count goes up and comes back to zero")
    func activityBalances() async throws {
        let counts = Recorder<Int>()
        let activity = ActivityTracker { counts.append($0) }
        let changes = activity.changes()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/ok") { _ in .json("[]").delayed(by: .milliseconds(300)) }
                server.route(.get, "/fail") { _ in TestServer.Response.status(500).delayed(by: .milliseconds(300)) }
                server.route(.get, "/slow") { _ in .stall }
            },
            wares: [activity]
        ) { _, client in
            let tasks = (0..<50).map { index in
                Task { () -> Void in
                    let path = ["/ok", "/fail", "/slow"][index % 3]
                    _ = try await client.send(Request<[Int]>(method: .get, path: path))
                }
            }
            let deadline = ContinuousClock.now + promptly
            while counts.all.max() ?? 0 < 50, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            for (index, task) in tasks.enumerated() where index % 3 == 2 { task.cancel() }
            for task in tasks { _ = await task.result }
        }
        #expect(activity.count == 0)
        #expect(counts.all.max() == 50)
        #expect(counts.all.last == 0)
        var began = 0, ended = 0
        var iterator = changes.makeAsyncIterator()
        while began + ended < 100, let change = await iterator.next() {
            if case .began = change { began += 1 } else { ended += 1 }
        }
        #expect(began == 50 && ended == 50)
    }
}
