#if MockServer
@testable import CourierMock
import Courier
import Foundation
import HTTPTypes
import PetstoreAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A mock server serving the Petstore spec in this process, on a free loopback port, with the
/// lines it logs.
struct MockHarness {
    /// `Sources/PetstoreAPI/petstore.courier.yaml`.
    static let petstoreSpec = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/PetstoreAPI/petstore.courier.yaml").path

    let server: MockServer
    let lines: Locked<[String]>

    /// Starts a server for `specFiles` (the Petstore by default) with `latency` and `state`.
    static func start(
        specFiles: [String] = [petstoreSpec], latency: Duration = .zero, state: Bool = false
    ) async throws -> MockHarness {
        let service = try MockService.load(specFiles: specFiles)
        let lines = Locked<[String]>([])
        let options = MockOptions(
            port: 0, latency: latency, keepsState: state, log: { line in lines.withLock { $0.append(line) } }, threads: 1)
        return MockHarness(server: try await MockServer.start(service: service, options: options), lines: lines)
    }

    /// The generated Petstore client pointed at the server's `/v1`, with `wares`.
    func petstore(wares: [any Ware] = []) throws -> PetstoreClient {
        let service = Petstore.service(.local).with(baseURL: server.baseURL.appendingPathComponent("v1"))
        let client = try Client(service: service, transport: URLSessionTransport(), wares: [RoomyTimeout()] + wares)
        return PetstoreClient(client: client, namedWares: .init(signature: Signature()))
    }

    /// One request by hand: the status, header fields (names lower-cased) and body.
    func raw(
        _ method: String, _ target: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> RawAnswer {
        guard let url = URL(string: server.baseURL.absoluteString + target) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 60
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return RawAnswer(status: http.statusCode, headers: fields, body: data)
    }

    func stop() async throws { try await server.stop() }
}

/// A response received by hand.
struct RawAnswer {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The body as a JSON object, if it is one.
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }

    /// The problem document's `errors` as `in:field` texts, in order.
    var errorFields: [String] {
        (json?["errors"] as? [[String: Any]] ?? []).map { "\($0["in"] as? String ?? "?"):\($0["field"] as? String ?? "?")" }
    }

    /// The problem document's `errors`' details, in order.
    var errorDetails: [String] {
        (json?["errors"] as? [[String: Any]] ?? []).map { $0["detail"] as? String ?? "" }
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The named ware the Petstore's `createPet` asks for.
struct Signature: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let name = HTTPField.Name("X-Signature") { request.http.headerFields[name] = "signed" }
        return try await next(request, context)
    }
}

/// Adds `Prefer: <value>` to every request: how a client asks courier-mock for a sample.
struct Prefer: Ware {
    let value: String
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let name = HTTPField.Name("Prefer") { request.http.headerFields[name] = value }
        return try await next(request, context)
    }
}

/// The error `call` throws, or an issue-worthy `nil` when it throws none or another kind.
func courierError(_ call: () async throws -> Void) async -> CourierError? {
    do {
        try await call()
    } catch let error as CourierError {
        return error
    } catch {
        return nil
    }
    return nil
}

/// Gives every call at least 60 s: the spec's timeouts (10 s for createPet) are for the app, and a
/// full test run's first seconds load two cores with hundreds of tests, during which a loopback
/// call was seen to wait longer than that. No mock test is about a client timeout.
struct RoomyTimeout: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        request.timeout = max(request.timeout, .seconds(60))
        return try await next(request, context)
    }
}
#endif
