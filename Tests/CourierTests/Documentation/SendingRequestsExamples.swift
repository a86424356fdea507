import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import PetstoreAPI
import Testing

// The examples of `Sources/Courier/Courier.docc/SendingRequests.md`, run against the loopback
// server. The article copies the lines between the setup and the expectations verbatim (the
// documentation check finds them here), so edit both together.

/// The article's loopback routes and the app's own event. The requests are the generated Petstore
/// client's (`PetstoreAPI`, from `specs/petstore.courier.yaml`), not a copy of it.
enum SendingDocs {
    /// A pet as the Petstore's JSON has it (the fields `Petstore.Pet` requires).
    static func pet(_ id: Int, _ name: String) -> String {
        #"{"id":\#(id),"name":"\#(name)","owner_id":7,"created_at":"2024-05-01T12:00:00Z"}"#
    }

    /// An event of the app's own.
    enum ShopEvent: ServiceEvent { case basketExpired }

    static func routes(_ server: TestServer) {
        server.route(.get, "/pets/{id}") { request in
            request.pathParameters["id"] == "404"
                ? .json(#"{"code":"NOT_FOUND","message":"no such pet"}"#, status: 404)
                : .json(pet(Int(request.pathParameters["id"] ?? "") ?? 0, "Rex"))
        }
        server.route(.get, "/pets") { request in
            switch request.queryValues("page").first {
            case "1", nil: .json("[\(pet(1, "Rex")),\(pet(2, "Tom"))]")
            case "2": .json("[\(pet(3, "Kit"))]")
            default: .json("[]")
            }
        }
        server.route(.get, "/slow") { _ in .stall }
        server.route(.get, "/export") { _ in .text(String(repeating: "x", count: 100_000)) }
    }
}

@Suite struct SendingRequestsExamples {
    @Test func callStyles() async throws {
        try await withLoopback(routes: SendingDocs.routes) { server, client in
            let request = Petstore.getPet(id: 7)
            let pet = try await client.send(request)                  // the decoded value
            let response = try await client.response(for: request)    // value, raw response, source, metrics
            let raw = try await client.raw(request)                   // status, fields and body; nothing decoded
            let handle = client.send(request) { result in             // for code without async/await
                print(result)
            }
            print(response.http.status, response.source, response.metrics.duration, raw.bodyExcerpt)
            #expect(pet.id == 7 && pet.name == "Rex")
            #expect(response.value == pet)
            #expect(response.source == .network)
            #expect(response.metrics.end >= response.metrics.start)
            #expect(response.metrics.duration.timeInterval >= 0)     // seconds, for metrics that take a TimeInterval
            #expect(raw.status == .ok)
            #expect(raw.data.map { String(decoding: $0, as: UTF8.self) } == SendingDocs.pet(7, "Rex"))
            _ = handle
            try await waitUntil { server.requests.count == 4 }
        }
    }

    @Test func byHand() async throws {
        try await withLoopback(routes: SendingDocs.routes) { server, client in
            var request = Request<[Petstore.Pet]>(method: .get, path: "/pets", name: "listPets")
            request.addQuery("page", 2)
            request.addQuery("tag", ["cat", "dog"])         // tag=cat&tag=dog
            request.addQuery("status", nil as String?)      // left out
            request.addHeader("X-Trace", "on")
            request.timeout = .seconds(10)
            let pets = try await client.send(request)
            #expect(pets.map(\.name) == ["Kit"])
            #expect(server.requests.last?.target == "/pets?page=2&tag=cat&tag=dog")
            #expect(server.requests.last?.header("X-Trace") == "on")
        }
    }

    struct Owned: Codable, Sendable { var id: Int64; var name: String; var createdAt: Date }

    @Test func aServiceByHand() async throws {
        let server = try TestServer()
        server.route(.get, "/v1/owners/{owner}/pets") { _ in
            .json(#"[{"id":1,"name":"Rex","created_at":"2024-05-01T12:00:00Z"}]"#)
        }
        server.start()
        defer { server.stop() }
        let service = ServiceConfiguration(
            name: "Petstore",
            baseURL: URL(string: "https://petstore.example.com/v1")!,
            headers: [HeaderItem(name: "Accept", value: "application/json")],   // sent with every request
            timeout: .seconds(30),
            coding: JSONCoding(dateFormat: .iso8601, keyStrategy: .snakeCase),  // created_at ↔ createdAt
            environments: ["staging": URL(string: "https://staging.petstore.example.com/v1")!]
        )
        let staging = try service.environment("staging")     // the same service at another base URL
        var request = Request<[Owned]>(method: .get, path: "/owners/{owner}/pets", name: "ownerPets")
        request.setPathParameter("owner", to: "ada/lovelace")  // one segment: /owners/ada%2Flovelace/pets
        #expect(staging.baseURL.host == "staging.petstore.example.com")
        let client = try Client(service: staging.with(baseURL: server.baseURL.appendingPathComponent("v1")))
        let pets = try await client.send(request)
        #expect(pets.map(\.name) == ["Rex"])
        #expect(server.requests.first?.target == "/v1/owners/ada%2Flovelace/pets")
        #expect(server.requests.first?.header("Accept") == "application/json")
    }

    @Test func acceptingAStatus() async throws {
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            var lookup = Petstore.getPet(id: 404)
            lookup.acceptableStatus = StatusAcceptance(200...299, extra: [404])
            let answer = try await client.raw(lookup)       // a 404 is an answer now, not an error
            let found = answer.status == .ok
            #expect(!found)
            #expect(answer.status.code == 404)
        }
    }

    @Test func errors() async throws {
        var shown: [String] = []
        func show(_ text: String) { shown.append(text) }
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            do {
                _ = try await client.send(Petstore.getPet(id: 404))
            } catch let error as CourierError {
                print(error)                  // getPet GET http://127.0.0.1:…/pets/404 (call …): status 404 Not Found: {"code":…}
                switch error.kind {
                case .status: show("status \(error.status?.code ?? 0) of \(error.call?.endpoint ?? "?")")
                case .transport: show("offline? \(error.reason)")
                case .decoding: show("the answer did not decode: \(error.message)")
                default: show(error.message)
                }
            }
            #expect(shown == ["status 404 of getPet"])
        }
    }

    @Test func serviceErrors() async throws {
        var shown: [String] = []
        func show(_ text: String) { shown.append(text) }
        let server = try TestServer()
        SendingDocs.routes(server)
        server.start()
        defer { server.stop() }
        let client = try Client(service: Petstore.service().with(baseURL: server.baseURL))
        do {
            _ = try await client.send(Petstore.getPet(id: 404))
        } catch let error as CourierError where error.kind == .serviceError {
            if case .apiError(let envelope)? = error.serviceError(as: Petstore.ServiceError.self)?.body {
                show("\(envelope.code): \(envelope.message)")   // NOT_FOUND: no such pet
            }
        }
        #expect(shown == ["NOT_FOUND: no such pet"])
    }

    @Test func pages() async throws {
        try await withLoopback(routes: SendingDocs.routes) { server, client in
            var first = Request<[Petstore.Pet]>(method: .get, path: "/pets", name: "listPets")
            first.addQuery("page", 1)
            let pages = Pages(client: client, first: first, style: .pageNumber(parameter: "page"),
                              maxPages: 10, stopsAtEmptyPage: true) { pets in pets }
            var names: [String] = []
            for try await page in pages {
                print(page.index, page.items.count, page.response.http.status)   // 0 2 200 OK, then 1 1 200 OK
            }
            for try await pet in pages.allItems { names.append(pet.name) }
            #expect(names == ["Rex", "Tom", "Kit"])
            #expect(server.requests.map(\.target).prefix(3) == ["/pets?page=1", "/pets?page=2", "/pets?page=3"])
        }
    }

    @Test func batchesAndChains() async throws {
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            // Two calls at once, typed answers; the first failure cancels the other.
            let (rex, firstPage) = try await client.batch(Petstore.getPet(id: 1), Petstore.listPets())
            // Any number of one type, at most 4 at a time, answers in input order.
            let some = try await client.batch([1, 2, 3].map { Petstore.getPet(id: $0) }, maxConcurrent: 4)
            // Each step built from the answers before it.
            let chain = Petstore.listPets().chain(named: "first pet")
                .then("read") { pets in Petstore.getPet(id: pets[0].id) }
            let (list, first) = try await client.run(chain)
            #expect(rex.name == "Rex" && firstPage.count == 2)
            #expect(some.map(\.id) == [1, 2, 3])
            #expect(list.count == 2 && first.id == 1)
        }
    }

    @Test func groupFailures() async throws {
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            var lost: Int?
            do {
                _ = try await client.batch(Petstore.getPet(id: 1), Petstore.getPet(id: 404))
            } catch let failure as CallGroupFailure {
                print(failure.memberName ?? "?", failure.rootCause)   // getPet, the 404's CourierError
                lost = failure.member                                 // 1: the second member
            }
            #expect(lost == 1)
        }
    }

    @Test func cancellation() async throws {
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            let call = Task { try await client.send(Request<Data>(method: .get, path: "/slow")) }
            call.cancel()                                   // the connection is closed at once
            let outcome = await call.result                 // .failure(CancellationError())
            #expect(throws: CancellationError.self) { try outcome.get() }
        }
    }

    @Test func progress() async throws {
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            let progress = ProgressUpdates()
            var download = Request<Data>(method: .get, path: "/export")
            download.progressUpdates = progress
            async let bytes = client.send(download)
            var fractions: [Double] = []
            for await update in progress where update.direction == .download {
                fractions.append(update.fractionCompleted ?? 0)
            }
            let count = try await bytes.count
            #expect(count == 100_000)
            #expect(fractions.last == 1)
        }
    }

    @Test func streamedBody() async throws {
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            var received = 0
            let export = try await client.send(Request<HTTPBody>(method: .get, path: "/export"))
            for try await chunk in export.chunks() { received += chunk.count }   // as it arrives
            #expect(received == 100_000)
        }
    }

    @Test func updates() async throws {
        try await withLoopback(routes: SendingDocs.routes) { _, client in
            var sources: [ResponseSource] = []
            for try await response in client.updates(for: Petstore.listPets()) {
                sources.append(response.source)              // a cache's stored answer first, when it has one
            }
            #expect(sources == [.network])
        }
    }

    @Test func events() async throws {
        let client = try Client(service: ServiceConfiguration(name: "docs", baseURL: URL(string: "http://127.0.0.1:1")!))
        let heard = Recorder<String>()
        let events = client.events()                         // subscribed here: nothing published after is lost
        let listener = Task {
            for await event in events {
                switch event {
                case StandardEvent.sessionEnded(let reason, _): heard.append("signed out: \(reason)")
                case SendingDocs.ShopEvent.basketExpired: heard.append("basket expired")
                default: break
                }
            }
        }
        client.publish(SendingDocs.ShopEvent.basketExpired)
        defer { listener.cancel() }
        try await waitUntil { heard.all == ["basket expired"] }
    }
}
