import Courier
import Foundation
import Testing

// A fuzz finding (Fuzz/FailCases/FuzzCredentialFile): an expiry written `00:00:000.1` read as a
// tenth of a second past the minute, and saving it wrote whole seconds, so the credentials read
// back differed from those read first.
@Suite("FileCredentialStore keeps expiries to the second, read or saved")
struct FileCredentialStoreTests {
    private static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-credentials-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("an expiry with a fraction of a second reads, saves and reads back the same")
    func fractionRoundTrips() async throws {
        let url = try Self.file(#"{"bearer": {"token": "t0k3n", "expiresAt": "2026-01-01T00:00:000.1Z"}}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let store = FileCredentialStore(url: url)
        let read = try #require(try await store.credentials(for: "bearer"))
        try await store.save(read, for: "bearer")
        let again = try await FileCredentialStore(url: url).credentials(for: "bearer")
        #expect(again == read)
        #expect(read.expiresAt == Date(timeIntervalSince1970: 1_767_225_600))
    }

    @Test("a saved expiry with a fraction is kept as its whole second, in the store and in the file")
    func savedFractionCut() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-credentials-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let store = FileCredentialStore(url: url)
        var credentials = Credentials(token: "t")
        credentials.expiresAt = Date(timeIntervalSince1970: 1_767_225_600.75)
        try await store.save(credentials, for: "bearer")
        let cached = try await store.credentials(for: "bearer")
        let reread = try await FileCredentialStore(url: url).credentials(for: "bearer")
        #expect(cached?.expiresAt == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(reread == cached)
    }
}
