import Courier
import CourierTestServer
import Foundation
import Testing

private enum ShopEvent: ServiceEvent, Equatable { case basketExpired(id: Int) }

/// Publishes `maintenance` when the server says so in a header.
private struct MaintenanceWatcher: Postware {
    var position: WarePosition { .events }

    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        if let response = try? result.get(), let note = response.http.headerFields[.init("X-Maintenance")!] {
            context.publish(StandardEvent.maintenance(message: note))
        }
        return try result.get()
    }
}

/// A readable rendering of an event, for comparing.
private func describe(_ event: any ServiceEvent) -> String {
    switch event {
    case let event as StandardEvent: "\(event)"
    case ShopEvent.basketExpired(let id): "basket \(id) expired"
    default: "\(event)"
    }
}

@Suite("client.events: many subscribers, each gets every event published after it subscribed")
struct ServiceEventsTests {
    @Test("two concurrent subscribers both receive every event, in order; a late one only the later ones")
    func twoSubscribers() async throws {
        try await withLoopback(
            routes: { server in
                server.route(.get, "/status") { _ in
                    TestServer.Response(status: 200, headers: [.init(name: "X-Maintenance", value: "back at 6")], body: Data("{}".utf8))
                }
            },
            wares: [MaintenanceWatcher()]
        ) { _, client in
            var first = client.events.makeAsyncIterator()
            var second = client.events.makeAsyncIterator()

            _ = try await client.send(Request<[String: Int]>(method: .get, path: "/status", name: "status"))
            client.publish(ShopEvent.basketExpired(id: 3))
            var late = client.events.makeAsyncIterator()
            client.publish(StandardEvent.sessionEnded(reason: "signed out", principal: Principal("user:ada")))

            async let a = [first.next(), first.next(), first.next()].compactMap { $0 }.map(describe)
            async let b = [second.next(), second.next(), second.next()].compactMap { $0 }.map(describe)
            let expected = ["maintenance: back at 6", "basket 3 expired", "session ended: signed out"]
            #expect(await a == expected)
            #expect(await b == expected)
            #expect(await late.next().map(describe) == "session ended: signed out")
        }
    }

    @Test("subscribers iterating in their own tasks each get all 50 events")
    func concurrentIteration() async throws {
        let client = try Client(service: ServiceConfiguration(name: "x", baseURL: URL(string: "http://127.0.0.1:1")!))
        let ready = Recorder<Int>()
        let subscribers = (0..<2).map { index in
            Task {
                var iterator = client.events.makeAsyncIterator()
                ready.append(index)
                var received: [Int] = []
                while received.count < 50, let event = await iterator.next() {
                    if case ShopEvent.basketExpired(let id) = event { received.append(id) }
                }
                return received
            }
        }
        while ready.all.count < 2 { try await Task.sleep(for: .milliseconds(1)) }
        for id in 0..<50 { client.publish(ShopEvent.basketExpired(id: id)) }
        for subscriber in subscribers {
            #expect(await subscriber.value == Array(0..<50))
        }
    }

    @Test("a subscriber whose task is cancelled stops, and iteration ends when the client is gone")
    func iterationEnds() async throws {
        var client: Client? = try Client(service: ServiceConfiguration(name: "x", baseURL: URL(string: "http://127.0.0.1:1")!))
        var iterator = try #require(client).events.makeAsyncIterator()
        client = nil
        #expect(await iterator.next() == nil)
    }
}
