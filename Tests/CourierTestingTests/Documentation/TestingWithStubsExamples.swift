import Courier
import CourierTesting
import Foundation
import HTTPTypes
import PetstoreAPI
import Testing

/// The code blocks of `CourierTesting.docc/TestingWithStubs.md`, compiled and run: each test
/// holds one block's lines, in order, then checks what the article says they do. They use the
/// Petstore client the build plugin generates from `specs/petstore.courier.yaml` (`PetstoreAPI`),
/// as the article says, so a change to the generated API breaks them here first.
@Suite("Documentation: Testing with stubs")
struct TestingWithStubsExamples {
    @Test("every endpoint answers from its samples, through the client")
    func samples() async throws {
        let stub = StubTransport(samples: Petstore.samples)
        let client = try Client(service: Petstore.service(), transport: stub)
        let pets = try await client.send(Petstore.listPets())
        #expect(pets.map(\.name) == ["Rex", "Tom"])
        #expect(stub.requests.map(\.http.path) == ["/v1/pets?sort=name"], "the spec's default for `sort` is sent")
    }

    @Test("behaviours for the whole stub and per endpoint")
    func behaviours() async throws {
        let stub = StubTransport(samples: Petstore.samples, behavior: .delayed(by: .milliseconds(300)))
        stub.setBehavior(.status(404), for: "getPet")
        stub.setBehavior(.networkFailure, for: "listPets")
        let client = try Client(service: Petstore.service(), transport: stub)
        do {
            _ = try await client.send(Petstore.getPet(id: 1))
            Issue.record("expected the 404 sample")
        } catch let error as CourierError {
            #expect(error.status == .notFound)
        }
        await #expect(throws: CourierError.self) { try await client.send(Petstore.listPets()) }
        stub.setBehavior(nil, for: "listPets")
        #expect(try await client.send(Petstore.listPets()).count == 2, "back to the default: the sample after 300 ms")
    }

    @Test("a status error carries the sample's body and header fields")
    func statusSample() async throws {
        let stub = StubTransport(samples: Petstore.samples)
        stub.setBehavior(.status(503), for: "listPets")
        let client = try Client(service: Petstore.service(), transport: stub)
        do {
            _ = try await client.send(Petstore.listPets())
            Issue.record("expected the 503 sample")
        } catch let error as CourierError {
            #expect(error.kind == .serviceError)
            #expect(error.status == .serviceUnavailable)
            #expect(error.response?.http.headerFields[.retryAfter] == "120")
        }
    }

    @Test("delays and timeouts move with a ManualClock")
    func manualClock() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, behavior: .delayed(by: .seconds(5)))
        let client = try Client(service: Petstore.service(), transport: stub, clock: clock)
        let call = Task { try await client.send(Petstore.getPet(id: 1)) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        let pet = try await call.value
        #expect(pet.name == "Rex")
    }

    @Test("a timeout waits the call's whole timeout on the client's clock")
    func timeout() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, behavior: .timeout)
        let client = try Client(service: Petstore.service(), transport: stub, clock: clock)
        let call = Task { try await client.send(Petstore.getPet(id: 1)) }
        await clock.waitForSleepers(1)
        #expect(clock.pendingWaits == [.seconds(30)])
        clock.advance(by: .seconds(30))
        do {
            _ = try await call.value
            Issue.record("expected a timeout")
        } catch let error as CourierError {
            #expect(error.kind == .transport)
            #expect("\(error)".contains("timed out"), "\(error)")
        }
    }

    @Test("replies by hand, and the requests recorded")
    func handReplies() async throws {
        let stub = StubTransport()
        stub.on(.get, "/v1/pets/{id}", reply: .json(#"{"id":7,"name":"Tom","owner_id":8,"created_at":"2024-05-02T08:30:00Z"}"#))
        stub.on(.get, "/v1/pets", reply: .json("[]").delayed(by: .seconds(1)))
        let client = try Client(service: Petstore.service(), transport: stub)
        let pet = try await client.send(Petstore.getPet(id: 7))
        #expect(stub.requests.map(\.http.path) == ["/v1/pets/7"])
        #expect(pet == Petstore.Pet(id: 7, name: "Tom", ownerID: 8, createdAt: Date(timeIntervalSince1970: 1_714_638_600)))
    }

    @Test("a request nothing answers is a 404 naming it")
    func unmatched() async throws {
        let stub = StubTransport()
        let client = try Client(service: Petstore.service(), transport: stub)
        do {
            _ = try await client.send(Petstore.getPet(id: 7))
            Issue.record("expected a 404")
        } catch let error as CourierError {
            #expect(error.status == .notFound)
            #expect(error.message.contains("no reply registered for GET /v1/pets/7"), "\(error.message)")
        }
    }

    @Test("a sample body arrives in paced pieces, reported as download progress")
    func downloadProgress() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, downloadChunkSize: 50, downloadInterval: .seconds(1))
        let client = try Client(service: Petstore.service(), transport: stub, clock: clock)
        let progress = ProgressUpdates()
        var request = Petstore.getPet(id: 1)
        request.progressUpdates = progress
        let call = Task { try await client.send(request) }
        for _ in 1...2 {
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(1))
        }
        let pet = try await call.value
        var received: [Int] = []
        for await update in progress { received.append(update.completedBytes) }
        #expect(pet.id == 1)
        #expect(Petstore.getPetSample.count == 146, "samples/pet.json, as the article says")
        #expect(received == [50, 100, 146])
    }

    @Test("a request body goes out in paced pieces, reported as upload progress")
    func uploadProgress() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Petstore.samples, uploadChunkSize: 1024, uploadInterval: .milliseconds(100))
        let client = try Client(service: Petstore.service(), transport: stub, clock: clock)
        let progress = ProgressUpdates()
        var upload = Petstore.uploadPhoto(id: 1, body: Data(count: 4096))
        upload.progressUpdates = progress
        let call = Task { try await client.send(upload) }
        for _ in 1...4 {
            await clock.waitForSleepers(1)
            clock.advance(by: .milliseconds(100))
        }
        try await call.value
        var sent: [Int] = []
        for await update in progress where update.direction == .upload { sent.append(update.completedBytes) }
        #expect(sent == [1024, 2048, 3072, 4096])
        #expect(stub.requests.first?.body?.data?.count == 4096)
    }

    @Test("a ware called by itself with a test context")
    func wareByItself() async throws {
        let userAgent = Middleware { request, _ in
            var request = request
            request.http.headerFields[.userAgent] = "PetsApp/2.0"
            return .proceed(request)
        }
        let request = PreparedRequest(http: HTTPRequest(method: .get, scheme: "https", authority: "petstore.example.com", path: "/v1/pets"), timeout: .seconds(30))
        let context = try CallContext.testing(endpoint: "listPets")
        let response = try await userAgent.intercept(request, context: context) { request, _ in
            RawResponse(status: .ok, headers: request.http.headerFields)
        }
        #expect(response.http.headerFields[.userAgent] == "PetsApp/2.0")
    }

    @Test("a transport called by itself with a test context")
    func transportByItself() async throws {
        let transport = StubTransport()
        transport.on(.get, "/v1/pets", reply: .json("[]"))
        let prepared = PreparedRequest(http: HTTPRequest(method: .get, scheme: "https", authority: "petstore.example.com", path: "/v1/pets"), timeout: .seconds(30))
        let response = try await transport.send(prepared, context: .testing(endpoint: "listPets", timeout: .seconds(5)))
        #expect(response.status == .ok)
    }
}
