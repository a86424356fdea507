import Courier
import Foundation
import PetstoreAPI
import PetstoreServer
import Testing

/// The spec's `errors:` end to end: typed envelopes per status, events by code, status and header.
@Suite struct PetstoreErrorTests {
    @Test func validationErrorArrivesTypedByItsStatus() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        do {
            _ = try await harness.client.createPet(body: .init(name: " "))
            Issue.record("expected a 422")
        } catch let error as Petstore.ServiceError {
            #expect(error.status == 422)
            #expect(error.call?.endpoint == "createPet")
            guard case .status422(let validation) = error.body else { Issue.record("\(error.body)"); return }
            #expect(validation.problems == ["name is empty"])
        }
    }

    @Test func maintenanceReachesEverySubscriberAndTheCallerGetsTheTypedError() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let subscribers = [harness.client.client.events.makeAsyncIterator(), harness.client.client.events.makeAsyncIterator()]
        harness.server.setMaintenance(true)
        do {
            _ = try await harness.client.listPets()
            Issue.record("expected a 503")
        } catch let error as Petstore.ServiceError {
            guard case .apiError(let envelope) = error.body else { Issue.record("\(error.body)"); return }
            #expect(envelope.code == "MAINTENANCE")
            #expect(error.status == 503)
        }
        for var subscriber in subscribers {
            let events = [await subscriber.next(), await subscriber.next()].compactMap { $0 as? Petstore.Event }
            #expect(Set(events) == [.serviceUnavailable, .maintenanceMode])
        }
    }

    @Test func aBodyThatIsNotTheEnvelopeKeepsTheStatusError() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let error = try #require(await thrown { _ = try await harness.client.petReport(kind: "crash") } as? CourierError)
        #expect(error.status?.code == 500)
        #expect(error.response?.bodyExcerpt == "<html>boom</html>")
    }

    @Test func aHeaderRaisesItsEventOnASuccess() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        var events = harness.client.client.events.makeAsyncIterator()
        #expect(try await harness.client.petReport(kind: "legacy") == "report legacy")
        #expect(await events.next() as? Petstore.Event == .obsoleteVersion)
    }
}

private func thrown(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
