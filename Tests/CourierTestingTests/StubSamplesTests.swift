import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("StubTransport: answering from a spec's samples")
struct StubSamplesTests {
    /// Samples as a generated `<Service>.samples` holds them, for a service under `/v2`.
    private static let samples: [String: EndpointSamples] = [
        "getItem": EndpointSamples(endpoint: "getItem", method: .get, path: "/items/{id}", responses: [
            ResponseSample(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8)),
            ResponseSample(status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"code":"missing"}"#.utf8)),
        ]),
        "mine": EndpointSamples(endpoint: "mine", method: .get, path: "/items/mine", responses: [
            ResponseSample(status: 200, body: Data("mine".utf8)),
        ]),
        "getFile": EndpointSamples(endpoint: "getFile", method: .get, path: "/files/{+path}", responses: [
            ResponseSample(status: 200, body: Data("file".utf8)),
        ]),
        "putItem": EndpointSamples(endpoint: "putItem", method: .put, path: "/items/{id}", responses: []),
    ]

    private func client(_ stub: StubTransport, clock: any Clock<Duration> = ContinuousClock()) throws -> Client {
        let url = try #require(URL(string: "https://api.example.com/v2"))
        return try Client(service: ServiceConfiguration(name: "stubbed", baseURL: url, timeout: .seconds(60)), transport: stub, clock: clock)
    }

    private func text(_ request: Request<Data>, from client: Client) async throws -> String {
        String(decoding: try await client.send(request), as: UTF8.self)
    }

    @Test("a request is routed by its endpoint name, else by method and path template")
    func routing() async throws {
        let stub = StubTransport(samples: Self.samples)
        let client = try client(stub)
        // By name: the path does not matter.
        #expect(try await text(Request(method: .get, path: "/anything", name: "getItem"), from: client) == #"{"id":1}"#)
        // By path, the base URL's `/v2` before it: literal segments beat placeholders, `{+path}`
        // takes several segments, and the method must match.
        #expect(try await text(Request(method: .get, path: "/items/7"), from: client) == #"{"id":1}"#)
        #expect(try await text(Request(method: .get, path: "/items/mine"), from: client) == "mine")
        #expect(try await text(Request(method: .get, path: "/files/a/b/c.txt"), from: client) == "file")
        await #expect(throws: CourierError.self) { try await client.send(Request<Data>(method: .delete, path: "/items/7")) }
        // Replies registered by hand win over samples.
        stub.on(.get, "/v2/items/{id}", reply: .json(#"{"id":99}"#))
        #expect(try await text(Request(method: .get, path: "/items/7", name: "getItem"), from: client) == #"{"id":99}"#)
    }

    @Test("a status is answered with its sample and headers, an endpoint without a 2xx sample with a 501")
    func statusesAndMissingSuccess() async throws {
        let stub = StubTransport(samples: Self.samples, behavior: .status(404))
        let client = try client(stub)
        var request = Request<Data>(method: .get, path: "/items/1", name: "getItem")
        request.acceptableStatus = StatusAcceptance(200...299, extra: [404])
        let response = try await client.response(for: request)
        #expect(response.http.status == .notFound)
        #expect(response.http.headerFields[.contentType] == "application/json")
        #expect(String(decoding: response.value, as: UTF8.self) == #"{"code":"missing"}"#)

        stub.defaultBehavior = .immediate
        do {
            _ = try await client.send(Request<Data>(method: .put, path: "/items/1", name: "putItem"))
            Issue.record("expected a 501")
        } catch let error as CourierError {
            #expect(error.status == .notImplemented)
            #expect(error.message.contains("endpoint 'putItem' (PUT /items/{id}) has no 2xx sample"), "\(error.message)")
        }
    }

    @Test("a collected sample body is paced on the client's clock, reported as it arrives, and held to the size limit")
    func pacedCollectedBody() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Self.samples, downloadChunkSize: 3, downloadInterval: .milliseconds(500))
        let client = try client(stub, clock: clock)
        let reports = Locked<[Int]>([])
        var request = Request<Data>(method: .get, path: "/items/1", name: "getItem")
        request.onProgress = { progress in reports.withLock { $0.append(progress.completedBytes) } }
        let call = Task { try await client.send(request) }
        for _ in 0..<2 {
            #expect(await clock.waitForSleepers(1))
            clock.advance(by: .milliseconds(500))
        }
        #expect(try await call.value == Data(#"{"id":1}"#.utf8))
        #expect(reports.withLock { $0 } == [3, 6, 8])

        var small = Request<Data>(method: .get, path: "/items/1", name: "getItem")
        small.maximumResponseSize = 4
        do {
            _ = try await client.send(small)
            Issue.record("expected the size limit")
        } catch let error as CourierError {
            #expect(error.kind == .responseTooLarge)
        }
    }
}
