import Courier
import CourierTesting
import Foundation
import HTTPTypes
import PetstoreAPI
import Testing

/// Zero-code stubbing: the generated client answered from the spec's samples by
/// `StubTransport(samples: Petstore.samples)`, through the client's whole ware pipeline, with
/// each behaviour (immediate, delayed, never, a status, a network failure, a timeout) set for
/// the client or per endpoint, and transfers paced on a `ManualClock`.
@Suite struct PetstoreStubTests {
    /// A facade over a client with `stub`, `wares` and `clock`.
    private func petstore(
        _ stub: StubTransport, wares: [any Ware] = [], clock: any Clock<Duration> = ContinuousClock()
    ) throws -> PetstoreClient {
        let client = try Client(service: Petstore.service(), transport: stub, wares: wares, clock: clock, random: .seeded(7))
        return PetstoreClient(client: client, namedWares: .init(signature: AddSignature()))
    }

    /// The error `call` throws, or an issue when it throws none or another kind.
    private func failure(_ call: () async throws -> Void) async -> CourierError? {
        do {
            try await call()
            Issue.record("expected the call to fail")
        } catch let error as CourierError {
            return error
        } catch {
            Issue.record("expected a CourierError, got \(error)")
        }
        return nil
    }

    /// Moves `clock` by `step` whenever something sleeps on it, until `done` or a minute passes.
    private func drive(_ clock: ManualClock, by step: Duration, until done: Locked<Bool>) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while !done.withLock({ $0 }), ContinuousClock.now < deadline {
            if clock.sleeperCount > 0 {
                clock.advance(by: step)
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    @Test func oneLineGivesAClientWhoseEndpointsAnswerFromTheirSamples() async throws {
        let petstore = try PetstoreClient(transport: StubTransport(samples: Petstore.samples), namedWares: .init(signature: AddSignature()))
        #expect(try await petstore.listPets().map(\.name) == ["Rex", "Tom"])
        let rex = try await petstore.getPet(id: 1)
        #expect(rex.name == "Rex" && rex.size == .large && rex.vaccinated)
        #expect(try await petstore.createPet(body: .init(name: "Rex")).id == 1, "the 201 sample")
        try await petstore.deletePet(id: 1)  // `Empty`: a 204 without a body
        #expect(try await petstore.login(username: "a", password: "b").accessToken == "sample-access-token")
        // No 2xx sample: a 501 saying so, not a silent empty answer.
        let error = await failure { _ = try await petstore.petExport() }
        #expect(error?.status?.code == 501)
        #expect(error?.message.contains("endpoint 'petExport' (GET /export) has no 2xx sample") == true, "\(String(describing: error))")
    }

    @Test func aChosenStatusAnswersWithItsSampleDecodedIntoTheTypedError() async throws {
        let stub = StubTransport(samples: Petstore.samples)
        stub.setBehavior(.status(404), for: "getPet")
        stub.setBehavior(.status(422), for: "createPet")
        stub.setBehavior(.status(503), for: "listPets")
        let petstore = try petstore(stub)
        let events = petstore.client.events()

        let missing = await failure { _ = try await petstore.getPet(id: 9) }
        #expect(missing?.kind == .serviceError)
        guard case .apiError(let envelope)? = missing?.serviceError(as: Petstore.ServiceError.self)?.body else {
            Issue.record("\(String(describing: missing))")
            return
        }
        #expect(envelope.code == "NOT_FOUND" && envelope.message == "No pet with this ID")

        let invalid = await failure { _ = try await petstore.createPet(body: .init(name: " ")) }
        guard case .status422(let validation)? = invalid?.serviceError(as: Petstore.ServiceError.self)?.body else {
            Issue.record("\(String(describing: invalid))")
            return
        }
        #expect(validation.problems == ["name must not be blank"])

        // The 503 sample carries its header, and the errors: mapping raises its events.
        let maintenance = await failure { _ = try await petstore.listPets() }
        #expect(maintenance?.response?.http.headerFields[.retryAfter] == "120")
        var iterator = events.makeAsyncIterator()
        let raised = [await iterator.next(), await iterator.next()].compactMap { $0 as? Petstore.Event }
        #expect(Set(raised) == [.serviceUnavailable, .maintenanceMode])

        // A status without a sample answers with no body; `nil` returns to the default.
        stub.setBehavior(.status(500), for: "getPet")
        #expect(await failure { _ = try await petstore.getPet(id: 9) }?.status?.code == 500)
        stub.setBehavior(nil, for: "getPet")
        #expect(try await petstore.getPet(id: 1).name == "Rex")
    }

    @Test func networkFailuresAndTimeoutsAreTransportErrorsAsARealTransportGives() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, behavior: .networkFailure)
        stub.setBehavior(.timeout, for: "getPet")
        stub.setBehavior(.failure(.connectionLost(message: "reset")), for: "login")
        let petstore = try petstore(stub, clock: clock)

        let offline = await failure { _ = try await petstore.listPets() }
        guard case .transport(.cannotConnect)? = offline?.reason else {
            Issue.record("\(String(describing: offline))")
            return
        }
        #expect(offline?.call?.endpoint == "listPets")
        let lost = await failure { _ = try await petstore.login(username: "a", password: "b") }
        guard case .transport(.connectionLost)? = lost?.reason else {
            Issue.record("\(String(describing: lost))")
            return
        }

        // The timeout is the call's own (the spec's 30 s), waited on the client's clock.
        let call = Task { try await petstore.getPet(id: 1) }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.pendingWaits == [.seconds(30)])
        clock.advance(by: .seconds(30))
        let timedOut = await failure { _ = try await call.value }
        guard case .transport(.timedOut(let after))? = timedOut?.reason else {
            Issue.record("\(String(describing: timedOut))")
            return
        }
        #expect(after == .seconds(30))
    }

    @Test func delayedAnswersComeWhenTheManualClockGetsThere() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, behavior: .delayed(by: .seconds(2)))
        stub.setBehavior(.status(404).delayed(by: .seconds(5)), for: "getPet")
        let petstore = try petstore(stub, clock: clock)

        let list = Task { try await petstore.listPets() }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.pendingWaits == [.seconds(2)])
        clock.advance(by: .seconds(2))
        #expect(try await list.value.count == 2)

        let get = Task { try await petstore.getPet(id: 1) }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.pendingWaits == [.seconds(5)])
        clock.advance(by: .seconds(5))
        #expect(await failure { _ = try await get.value }?.status?.code == 404)

        // A delay past the call's timeout ends at the timeout, as on the network.
        stub.defaultBehavior = .delayed(by: .seconds(45))
        let slow = Task { try await petstore.listPets() }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.pendingWaits == [.seconds(30)])
        clock.advance(by: .seconds(30))
        guard case .transport(.timedOut)? = await failure({ _ = try await slow.value })?.reason else {
            Issue.record("expected a timeout")
            return
        }
    }

    @Test func neverAnswersUntilTheCallIsCancelled() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, behavior: .never)
        let petstore = try petstore(stub, clock: clock)
        let finished = Locked(false)
        let call = Task {
            defer { finished.withLock { $0 = true } }
            return try await petstore.listPets()
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while stub.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(stub.requests.count == 1, "the call reached the transport")
        // Time passing on the client's clock does not end it; nothing sleeps on that clock.
        clock.advance(by: .seconds(3600))
        #expect(clock.sleeperCount == 0)
        #expect(!finished.withLock { $0 })
        call.cancel()
        do {
            _ = try await call.value
            Issue.record("expected a cancellation")
        } catch {
            #expect(error is CancellationError, "\(error)")
        }
    }

    @Test func theWarePipelineRunsForStubbedCalls() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, behavior: .networkFailure)
        let recorder = CallRecorder()
        let petstore = try petstore(stub, wares: [recorder, Retry()], clock: clock)

        // An observer sees each stubbed call end, with its status or failure.
        stub.setBehavior(.status(404), for: "getPet")
        _ = await failure { _ = try await petstore.getPet(id: 1) }
        stub.setBehavior(.immediate, for: "getPet")
        _ = try await petstore.getPet(id: 1)

        // Retry backs off on the client's clock after a network failure, and the next attempt
        // gets the sample once the network is back.
        let list = Task { try await petstore.listPets() }
        #expect(await clock.waitForSleepers(1), "Retry is backing off")
        stub.defaultBehavior = .immediate
        clock.advance(by: .seconds(30))
        #expect(try await list.value.count == 2)
        #expect(stub.requests.map(\.http.path) == ["/v1/pets/1", "/v1/pets/1", "/v1/pets?sort=name", "/v1/pets?sort=name"])
        #expect(recorder.calls == ["getPet 404", "getPet 200", "listPets 200"])
    }

    @Test func uploadProgressIsSimulatedOnTheManualClock() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, uploadChunkSize: 100, uploadInterval: .seconds(1))
        let petstore = try petstore(stub, clock: clock)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-stub-\(UUID().uuidString).pdf")
        try Data(repeating: 7, count: 450).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Locked<[TransferProgress]>([])
        let done = Locked(false)
        let upload = Task {
            defer { done.withLock { $0 = true } }
            try await petstore.uploadPetDocument(id: 1, file: file, contentType: "application/pdf") { progress in
                reports.withLock { $0.append(progress) }
            }
        }
        await drive(clock, by: .seconds(1), until: done)
        try await upload.value
        #expect(reports.withLock { $0 }.map(\.completedBytes) == [100, 200, 300, 400, 450])
        #expect(clock.now.offset == .seconds(5), "one step a second")
        #expect(stub.requests.last?.body?.data == Data(repeating: 7, count: 450))
    }

    @Test func downloadProgressIsSimulatedOnTheManualClock() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, downloadChunkSize: 100, downloadInterval: .seconds(1))
        let petstore = try petstore(stub, clock: clock)
        let reports = Locked<[TransferProgress]>([])
        let done = Locked(false)
        let download = Task {
            defer { done.withLock { $0 = true } }
            return try await petstore.downloadPetDocument(id: 1) { progress in reports.withLock { $0.append(progress) } }
        }
        await drive(clock, by: .seconds(1), until: done)
        let file = try await download.value
        defer { try? FileManager.default.removeItem(at: file) }
        let sample = Petstore.downloadPetDocumentSample
        #expect(try Data(contentsOf: file) == sample)
        let expected = Array(stride(from: 100, to: sample.count, by: 100)) + [sample.count]
        #expect(reports.withLock { $0 }.map(\.completedBytes) == expected)
        #expect(reports.withLock { $0 }.allSatisfy { $0.direction == .download && $0.totalBytes == sample.count })
        #expect(clock.now.offset == .seconds(expected.count - 1), "the first piece at once, then one a second")
    }
}

/// Records each call it sees end, as `endpoint status`, or `endpoint kind` for a failure.
private final class CallRecorder: Ware, Sendable {
    private let seen = Locked<[String]>([])
    var position: WarePosition { .observation }
    var calls: [String] { seen.withLock { $0 } }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        do {
            let response = try await next(request, context)
            seen.withLock { $0.append("\(context.endpoint) \(response.status.code)") }
            return response
        } catch let error as CourierError {
            seen.withLock { $0.append("\(context.endpoint) \(error.status.map { "\($0.code)" } ?? "\(error.kind)")") }
            throw error
        }
    }
}
