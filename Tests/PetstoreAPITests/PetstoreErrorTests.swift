import Courier
import Foundation
import PetstoreAPI
import PetstoreServer
import Testing

/// The spec's `errors:` end to end: typed envelopes per status, events by code, status and header.
@Suite struct PetstoreErrorTests {
    @Test func validationErrorArrivesAsACourierErrorWithTheEnvelopeTypedByItsStatus() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        do {
            _ = try await harness.client.createPet(body: .init(name: " "))
            Issue.record("expected a 422")
        } catch let error as CourierError {
            #expect(error.kind == .serviceError)
            #expect(error.status?.code == 422)
            #expect(error.response?.status.code == 422)
            #expect(error.call?.endpoint == "createPet")
            #expect(error.call?.method == .post)
            guard case .service(let envelope) = error.reason else { Issue.record("\(error.reason)"); return }
            #expect(envelope is Petstore.ServiceError)
            let typed = try #require(error.serviceError(as: Petstore.ServiceError.self))
            #expect(typed.status == 422)
            guard case .status422(let validation) = typed.body else { Issue.record("\(typed.body)"); return }
            #expect(validation.problems == ["name is empty"])
            #expect(validation.message == "the pet is not valid")
            // As helpful as the envelope's own description, with the call and the body.
            let call = try #require(error.call)
            #expect(error.description.hasPrefix("\(call): service error 422 Unprocessable Content: "), "\(error)")
            #expect(error.message.contains("name is empty"), "\(error.message)")
        }
    }

    @Test func theREADMEsOneCatchReadsTheEnvelopeAndEverythingElse() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        // The README's "Backend errors and events" example: one catch for every failure.
        func shown(_ call: () async throws -> Void) async -> String? {
            do {
                try await call()
                return nil
            } catch let error as CourierError {
                switch error.serviceError(as: Petstore.ServiceError.self)?.body {
                case .status422(let validation)?: return validation.problems.joined(separator: ", ")
                case .apiError(let envelope)?: return envelope.message
                case nil: return error.message
                }
            } catch {
                return "not a CourierError: \(error)"
            }
        }
        #expect(await shown { _ = try await harness.client.createPet(body: .init(name: " ")) } == "name is empty")
        #expect(await shown { _ = try await harness.client.petReport(kind: "crash") } == "status 500 Internal Server Error: <html>boom</html>")
        harness.server.setMaintenance(true)
        #expect(await shown { _ = try await harness.client.listPets() } == "back at six")
    }

    @Test func maintenanceReachesEverySubscriberAndTheCallerGetsTheTypedEnvelope() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let subscribers = [harness.client.client.events(), harness.client.client.events()]
        harness.server.setMaintenance(true)
        do {
            _ = try await harness.client.listPets()
            Issue.record("expected a 503")
        } catch let error as CourierError {
            #expect(error.kind == .serviceError)
            #expect(error.status?.code == 503)
            #expect(error.call?.endpoint == "listPets")
            guard case .apiError(let envelope)? = error.serviceError(as: Petstore.ServiceError.self)?.body else { Issue.record("\(error)"); return }
            #expect(envelope.code == "MAINTENANCE")
        }
        for subscriber in subscribers {
            var iterator = subscriber.makeAsyncIterator()
            let events = [await iterator.next(), await iterator.next()].compactMap { $0 as? Petstore.Event }
            #expect(Set(events) == [.serviceUnavailable, .maintenanceMode])
        }
    }

    @Test func theGeneratedServiceErrorIsAnErrorOfItsOwnOutsideAClient() throws {
        let response = RawResponse(status: .conflict, body: Data(#"{"code":"TAKEN","message":"name taken"}"#.utf8))
        let made = Petstore.ServiceError(body: .apiError(Petstore.APIError(code: "TAKEN", message: "name taken")), response: response)
        func validate(_ name: String) throws { if name == "Rex" { throw made } }
        do {
            try validate("Rex")
            Issue.record("expected the error")
        } catch let error as Petstore.ServiceError {
            #expect(error.status == 409)
            #expect(error.description == "service error 409 Conflict")
            guard case .apiError(let envelope) = error.body else { Issue.record("\(error.body)"); return }
            #expect(envelope.code == "TAKEN")
        }
        // Wrapped by hand, as a test stub might: the same typed access as from a client.
        let wrapped = CourierError(.service(made))
        #expect(wrapped.kind == .serviceError)
        #expect(wrapped.response?.status == .conflict)
        #expect(wrapped.serviceError(as: Petstore.ServiceError.self)?.status == 409)
        #expect(wrapped.message == #"service error 409 Conflict: {"code":"TAKEN","message":"name taken"}"#)
    }

    @Test func aWareThrowingTheGeneratedServiceErrorReachesTheCallerAsACourierErrorOfThisCall() async throws {
        let refusal = Petstore.ServiceError(
            body: .apiError(Petstore.APIError(code: "LOCAL_LIMIT", message: "too many pets today")),
            response: RawResponse(status: .tooManyRequests))
        let harness = try PetstoreHarness(wares: [Refuse(error: refusal)])
        defer { harness.stop() }
        let error = try #require(await thrown { _ = try await harness.client.listPets() } as? CourierError)
        #expect(error.kind == .serviceError)
        #expect(error.call?.endpoint == "listPets")
        #expect(error.status?.code == 429)
        guard case .apiError(let envelope)? = error.serviceError(as: Petstore.ServiceError.self)?.body else { Issue.record("\(error)"); return }
        #expect(envelope.code == "LOCAL_LIMIT")
        #expect(harness.server.server.requestCount == 0, "the ware answered before the network")
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
        var events = harness.client.client.events().makeAsyncIterator()
        #expect(try await harness.client.petReport(kind: "legacy") == "report legacy")
        #expect(await events.next() as? Petstore.Event == .obsoleteVersion)
    }
}

/// Throws `error` instead of sending the request.
private struct Refuse: Ware {
    let error: Petstore.ServiceError
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        throw error
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
