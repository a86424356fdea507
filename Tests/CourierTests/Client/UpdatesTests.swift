import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// Delivers a canned early response (as a cache would), then lets the network answer.
private struct EarlyAnswer: Ware {
    var position: WarePosition { .cache }
    let body: String

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        if context.takesEarlyResponses {
            context.deliverEarly(RawResponse(
                status: .ok, headers: [.contentType: "application/json"], body: Data(body.utf8), source: .cache(age: .seconds(42))))
        }
        return try await next(request, context)
    }
}

/// Records how calls ended.
private struct Ends: Ware {
    var position: WarePosition { .observation }
    let log: Recorder<String>

    func process(_ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext) async throws -> RawResponse {
        switch result {
        case .success: log.append("success")
        case .failure(let error): log.append(error is CancellationError ? "cancelled" : "failed: \(error)")
        }
        return try result.get()
    }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        try await process(await next.result(request, context), for: request, context: context)
    }
}

@Suite("updates(for:): every response of a call, with where it came from")
struct UpdatesTests {
    @Test("an early (cached) value, then the network's; send gets only the network's")
    func yieldsTwice() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in .json(#"["Rex","Biscuit"]"#) } },
            wares: [EarlyAnswer(body: #"["Rex"]"#)]
        ) { server, client in
            var responses: [Response<[String]>] = []
            for try await response in client.updates(for: Request<[String]>(method: .get, path: "/pets", name: "listPets")) {
                responses.append(response)
            }
            #expect(responses.map(\.value) == [["Rex"], ["Rex", "Biscuit"]])
            #expect(responses.map(\.source) == [.cache(age: .seconds(42)), .network])
            #expect(try await client.send(Request<[String]>(method: .get, path: "/pets")) == ["Rex", "Biscuit"])
            #expect(server.requestCount == 2)
        }
    }

    @Test("a final answer equal to the early one is not yielded again; a plain call yields once")
    func unchangedYieldsOnce() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in .json(#"["Rex"]"#) } },
            wares: [EarlyAnswer(body: #"["Rex"]"#)]
        ) { _, client in
            var values: [[String]] = []
            for try await response in client.updates(for: Request<[String]>(method: .get, path: "/pets")) {
                values.append(response.value)
            }
            #expect(values == [["Rex"]])
        }
        try await withLoopback(routes: { $0.route(.get, "/one") { _ in .json("[1]") } }) { _, client in
            var values: [[Int]] = []
            for try await response in client.updates(for: Request<[Int]>(method: .get, path: "/one")) {
                values.append(response.value)
            }
            #expect(values == [[1]])
        }
    }

    @Test("a failing call ends the stream with its error after the early value")
    func failureAfterEarly() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in .text("down", status: 503) } },
            wares: [EarlyAnswer(body: #"["Rex"]"#)]
        ) { _, client in
            var values: [[String]] = []
            let error = await thrownError {
                for try await response in client.updates(for: Request<[String]>(method: .get, path: "/pets", name: "listPets")) {
                    values.append(response.value)
                }
            }
            #expect(values == [["Rex"]])
            #expect((error as? CourierError)?.status?.code == 503)
        }
    }

    @Test("ending the iteration cancels the call: the transport call stops")
    func cancelStops() async throws {
        let ends = Recorder<String>()
        try await withLoopback(
            routes: { $0.route(.get, "/slow") { _ in .stall } },
            wares: [EarlyAnswer(body: #"["Rex"]"#), Ends(log: ends)]
        ) { _, client in
            let took = await elapsed {
                do {
                    for try await response in client.updates(for: Request<[String]>(method: .get, path: "/slow")) {
                        #expect(response.value == ["Rex"])
                        break  // drop the stream while the network call is stalled
                    }
                } catch {
                    Issue.record("the stream threw \(error) instead of ending quietly")
                }
                while ends.all.isEmpty { try? await Task.sleep(for: .milliseconds(5)) }
            }
            #expect(took < promptly)
            #expect(ends.all == ["cancelled"])
        }
    }

    @Test("with Retry outside the cache, the stored answer is yielded once, not again for every attempt")
    func storedAnswerOnceAcrossRetries() async throws {
        let attempts = Recorder<TestServer.Request>()
        try await withLoopback(routes: { server in
            server.route(.get, "/item") { request in
                // 1: stored; 2: a 503 the retry takes up; 3: the fresh answer.
                switch attempts.appendCounting(request) {
                case 1: return TestServer.Response(status: 200, headers: [.init(name: "Cache-Control", value: "max-age=0"), .init(name: "Content-Type", value: "application/json")], body: Data("1".utf8))
                case 2: return .status(503)
                default: return .json("2")
                }
            }
        }, wares: [Retry(RetryPolicy(baseDelay: .milliseconds(10))), HTTPCache()]) { _, client in
            var request = Request<Int>(method: .get, path: "/item")
            request.cachePolicy = CachePolicy(.localThenRemote)
            #expect(try await client.send(request) == 1)
            var seen: [Int] = []
            var sources: [ResponseSource] = []
            for try await response in client.updates(for: request) {
                seen.append(response.value)
                sources.append(response.source)
            }
            #expect(seen == [1, 2])
            #expect(sources.first.map { if case .cache = $0 { true } else { false } } == true)
            #expect(sources.last == .network)
            #expect(attempts.all.count == 3)
        }
    }
}
