@testable import Courier
import Foundation
import Testing

@Suite("client.events(): a subscription lives from the call until it is dropped or its task is cancelled")
struct ServiceEventsLifetimeTests {
    private func client() throws -> Client {
        try Client(service: ServiceConfiguration(name: "x", baseURL: URL(string: "http://127.0.0.1:1")!))
    }

    @Test("the call subscribes; dropping the subscription, its iterators included, unsubscribes")
    func droppedSubscriptionUnsubscribes() throws {
        let client = try client()
        #expect(client.core.events.subscriberCount == 0)
        var events: ServiceEvents? = client.events()
        #expect(client.core.events.subscriberCount == 1, "subscribed by the call, before any iteration")
        var iterator = events?.makeAsyncIterator()
        events = nil
        #expect(client.core.events.subscriberCount == 1, "an iterator keeps the subscription")
        iterator = nil
        _ = iterator
        #expect(client.core.events.subscriberCount == 0)
    }

    @Test("cancelling the task that iterates ends the subscription")
    func cancelledIterationUnsubscribes() async throws {
        let client = try client()
        let events = client.events()
        let listener = Task {
            for await _ in events {}
        }
        listener.cancel()
        await listener.value
        #expect(client.core.events.subscriberCount == 0)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == nil, "the subscription is over: iterating it again ends at once")
    }
}
