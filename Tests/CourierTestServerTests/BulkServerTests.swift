import CourierTestServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The bulk server on its own, driven by a plain `URLSession`.
@Suite("BulkServer")
struct BulkServerTests {
    private func fetch(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    private func request(_ server: BulkServer, _ method: String, _ path: String) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + path)))
        request.httpMethod = method
        return request
    }

    @Test("GET /bytes/<n> answers n bytes with their Content-Length", arguments: [0, 1, 1 << 20, (3 << 20) + 17])
    func bytes(_ count: Int) async throws {
        let server = try BulkServer()
        server.start()
        defer { server.stop() }
        let (body, response) = try await fetch(try request(server, "GET", "/bytes/\(count)"))
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == "\(count)")
        #expect(body.count == count)
        #expect(body.allSatisfy { $0 == UInt8(ascii: "x") })
    }

    @Test("PUT and POST /sink answer how many body bytes they read, with a length or chunked")
    func sink() async throws {
        let server = try BulkServer()
        server.start()
        defer { server.stop() }
        let count = (2 << 20) + 5
        var sized = try request(server, "PUT", "/sink")
        sized.httpBody = Data(count: count)
        let (sizedBody, sizedResponse) = try await fetch(sized)
        #expect(sizedResponse.statusCode == 200)
        #expect(String(decoding: sizedBody, as: UTF8.self) == "\(count)")

        // A body stream of unknown length goes out chunked.
        var chunked = try request(server, "POST", "/sink")
        chunked.httpBodyStream = InputStream(data: Data(count: count))
        let (chunkedBody, _) = try await fetch(chunked)
        #expect(String(decoding: chunkedBody, as: UTF8.self) == "\(count)")
        #expect(server.requestCount == 2)
    }

    @Test("anything else is 404 naming the request")
    func notFound() async throws {
        let server = try BulkServer()
        server.start()
        defer { server.stop() }
        let (body, response) = try await fetch(try request(server, "GET", "/bytes/many"))
        #expect(response.statusCode == 404)
        #expect(String(decoding: body, as: UTF8.self).contains("GET /bytes/many"))
    }
}
