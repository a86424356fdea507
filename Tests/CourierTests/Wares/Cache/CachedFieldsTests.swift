import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

@Suite("HTTPCache: secret response fields are not kept with the entry")
struct CachedFieldsTests {
    @Test("a token in a response field (X-Auth-Token, Authorization, a name the service redacts) reaches the caller, never the disk or a later caller")
    func secretFieldsStayOffDisk() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [
            ("Cache-Control", "max-age=600"), ("ETag", ""), ("X-Auth-Token", "SECRET-1111"), ("Authorization", "Bearer SECRET-2222"),
            ("X-Session", "SECRET-3333"), ("X-Request-Id", "req-7"),
        ])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-fields-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock()
        var service = ServiceConfiguration(name: "cache", baseURL: server.server.baseURL, timeout: .seconds(60))
        service.redaction.sensitiveNames.insert("x-session")
        let client = try Client(
            service: service, wares: [HTTPCache(store: DiskCacheStore(directory: directory))], clock: clock, wallClock: clock.wallClock)

        let first = try await client.response(for: item())
        #expect(first.source == .network && first.http.headerFields[.init("X-Auth-Token")!] == "SECRET-1111")
        let second = try await client.response(for: item())
        #expect(second.source == .cache(age: .zero))
        for name in ["X-Auth-Token", "Authorization", "X-Session"] {
            #expect(second.http.headerFields[.init(name)!] == nil, "\(name) is not served from the cache")
        }
        #expect(second.http.headerFields[.init("X-Request-Id")!] == "req-7", "other fields are kept")

        // A 304 carrying a token: the caller gets it, the entry does not keep it.
        clock.advance(by: .seconds(601))
        let revalidated = try await client.response(for: item())
        #expect(revalidated.source == .revalidated && revalidated.http.headerFields[.init("X-Auth-Token")!] == "SECRET-1111")
        #expect(try await client.response(for: item()).http.headerFields[.init("X-Auth-Token")!] == nil)

        let files = try filesAndTexts(in: directory)
        #expect(!files.isEmpty)
        for (file, text) in files { #expect(!text.contains("SECRET-"), "\(file) holds no secret") }
    }
}
