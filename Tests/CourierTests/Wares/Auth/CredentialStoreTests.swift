import Courier
import Foundation
import Testing

// A session ending in one process must not remove what another process sharing the store saved
// since it was read: `removeCredentials(for:ifStill:)` removes only the ended secrets.
@Suite("CredentialStore: removing ended credentials leaves newer ones")
struct CredentialStoreTests {
    /// A store that only forwards the four required calls, so that it gets the default
    /// compare-and-remove.
    private final class PlainStore: CredentialStore {
        let inner = MemoryCredentialStore()
        func credentials(for scheme: AuthSchemeName) async throws -> Credentials? { try await inner.credentials(for: scheme) }
        func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws { try await inner.save(credentials, for: scheme) }
        func removeCredentials(for scheme: AuthSchemeName) async throws { try await inner.removeCredentials(for: scheme) }
        func removeAll() async throws { try await inner.removeAll() }
    }

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, file, plain
        var testDescription: String { rawValue }
    }

    private static func store(_ kind: Kind) -> (store: any CredentialStore, cleanUp: () -> Void) {
        switch kind {
        case .memory: return (MemoryCredentialStore(), {})
        case .plain: return (PlainStore(), {})
        case .file:
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-credentials-\(UUID().uuidString).json")
            return (FileCredentialStore(url: url), {
                try? FileManager.default.removeItem(at: url)
                try? FileManager.default.removeItem(atPath: url.path + ".lock")
            })
        }
    }

    @Test("the same secrets are removed, whatever the identity and expiry", arguments: Kind.allCases)
    func sameSecretsRemoved(_ kind: Kind) async throws {
        let (store, cleanUp) = Self.store(kind)
        defer { cleanUp() }
        try await store.save(.bearer("a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_800_000_000)), for: "session")
        try await store.save(.apiKey("k"), for: "key")
        let removed = try await store.removeCredentials(for: "session", ifStill: .bearer("a", refreshToken: "r", identity: "ada"))
        #expect(removed)
        #expect(try await store.credentials(for: "session") == nil)
        #expect(try await store.credentials(for: "key")?.token == "k", "another scheme's stay")
    }

    @Test("other secrets stay: a rotated refresh token, another sign-in, or nothing stored", arguments: Kind.allCases)
    func otherSecretsStay(_ kind: Kind) async throws {
        let (store, cleanUp) = Self.store(kind)
        defer { cleanUp() }
        #expect(try await !store.removeCredentials(for: "session", ifStill: .bearer("a", refreshToken: "r")))
        try await store.save(.bearer("b", refreshToken: "r2", identity: "ada"), for: "session")
        #expect(try await !store.removeCredentials(for: "session", ifStill: .bearer("a", refreshToken: "r", identity: "ada")))
        #expect(try await !store.removeCredentials(for: "session", ifStill: .bearer("b", refreshToken: "r", identity: "ada")))
        #expect(try await store.credentials(for: "session")?.refreshToken == "r2")
    }
}
