import Courier
import CourierTestServer
import Foundation
import Testing

private enum ShopEvent: ServiceEvent, Equatable { case basketExpired(id: Int) }

/// Publishes `maintenance` when the server says so in a header.
private struct MaintenanceWatcher: Ware {
    var position: WarePosition { .events }

    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        if let response = try? result.get(), let note = response.http.headerFields[.init("X-Maintenance")!] {
            context.publish(StandardEvent.maintenance(message: note))
        }
        return try result.get()
    }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        try await process(await next.result(request, context), for: request, context: context)
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

/// A loopback server whose `/status` announces maintenance, and a client with `MaintenanceWatcher`.
private func withMaintenanceServer(_ body: (Client) async throws -> Void) async throws {
    try await withLoopback(
        routes: { server in
            server.route(.get, "/status") { _ in
                TestServer.Response(status: 200, headers: [.init(name: "X-Maintenance", value: "back at 6")], body: Data("{}".utf8))
            }
        },
        wares: [MaintenanceWatcher()]
    ) { _, client in try await body(client) }
}

@Suite("client.events(): many subscriptions, each gets every event published after it was made")
struct ServiceEventsTests {
    @Test("an event published right after `let events = client.events()` reaches the task started after it (the README's example)")
    func subscribedWhenCalled() async throws {
        try await withMaintenanceServer { client in
            let events = client.events()
            // Published before the listening task can have started: a subscription made when the
            // iteration begins would miss both.
            client.publish(ShopEvent.basketExpired(id: 1))
            _ = try await client.send(Request<[String: Int]>(method: .get, path: "/status", name: "status"))
            let listener = Task {
                var received: [String] = []
                for await event in events {
                    received.append(describe(event))
                    if received.count == 2 { break }
                }
                return received
            }
            // Ends the listener (its iteration then returns nil) if the events never come.
            let watchdog = Task {
                try await Task.sleep(for: promptly)
                listener.cancel()
            }
            defer { watchdog.cancel() }
            #expect(await listener.value == ["basket 1 expired", "maintenance: back at 6"])
        }
    }

    @Test("one subscription is one consumer: two tasks iterating it get each event once between them, none twice or lost")
    func oneSubscriptionSplits() async throws {
        var client: Client? = try Client(service: ServiceConfiguration(name: "x", baseURL: URL(string: "http://127.0.0.1:1")!))
        let events = try #require(client).events()
        let consumers = (0..<2).map { _ in
            Task {
                var ids: [Int] = []
                for await event in events {
                    if case ShopEvent.basketExpired(let id) = event { ids.append(id) }
                }
                return ids
            }
        }
        for id in 0..<100 { client?.publish(ShopEvent.basketExpired(id: id)) }
        client = nil  // ends both iterations once the buffer is read
        var all: [Int] = []
        for consumer in consumers { all += await consumer.value }
        #expect(all.sorted() == Array(0..<100))
    }

    @Test("iterating a subscription again after `break` continues where the last loop stopped")
    func iteratingAgainContinues() async throws {
        let client = try Client(service: ServiceConfiguration(name: "x", baseURL: URL(string: "http://127.0.0.1:1")!))
        let events = client.events()
        for id in 1...3 { client.publish(ShopEvent.basketExpired(id: id)) }
        var received: [String] = []
        for await event in events {
            received.append(describe(event))
            break
        }
        client.publish(ShopEvent.basketExpired(id: 4))
        for await event in events {
            received.append(describe(event))
            if received.count == 4 { break }
        }
        #expect(received == ["basket 1 expired", "basket 2 expired", "basket 3 expired", "basket 4 expired"])
    }

    @Test("two concurrent subscribers both receive every event, in order; a late one only the later ones")
    func twoSubscribers() async throws {
        try await withMaintenanceServer { client in
            var first = client.events().makeAsyncIterator()
            var second = client.events().makeAsyncIterator()

            _ = try await client.send(Request<[String: Int]>(method: .get, path: "/status", name: "status"))
            client.publish(ShopEvent.basketExpired(id: 3))
            var late = client.events().makeAsyncIterator()
            client.publish(StandardEvent.sessionEnded(reason: "signed out", principal: Principal("user:ada")))

            async let a = [first.next(), first.next(), first.next()].compactMap { $0 }.map(describe)
            async let b = [second.next(), second.next(), second.next()].compactMap { $0 }.map(describe)
            let expected = ["maintenance: back at 6", "basket 3 expired", "session ended: signed out"]
            #expect(await a == expected)
            #expect(await b == expected)
            #expect(await late.next().map(describe) == "session ended: signed out")
        }
    }

    @Test("subscriptions iterated in their own tasks each get all 50 events, published as soon as they are made")
    func concurrentIteration() async throws {
        let client = try Client(service: ServiceConfiguration(name: "x", baseURL: URL(string: "http://127.0.0.1:1")!))
        let subscribers = (0..<2).map { _ in
            let events = client.events()
            return Task {
                var received: [Int] = []
                for await event in events {
                    if case ShopEvent.basketExpired(let id) = event { received.append(id) }
                    if received.count == 50 { break }
                }
                return received
            }
        }
        for id in 0..<50 { client.publish(ShopEvent.basketExpired(id: id)) }
        for subscriber in subscribers {
            #expect(await subscriber.value == Array(0..<50))
        }
    }

    @Test("a subscriber whose task is cancelled stops, and iteration ends when the client is gone")
    func iterationEnds() async throws {
        var client: Client? = try Client(service: ServiceConfiguration(name: "x", baseURL: URL(string: "http://127.0.0.1:1")!))
        var iterator = try #require(client).events().makeAsyncIterator()
        client = nil
        #expect(await iterator.next() == nil)
    }
}
