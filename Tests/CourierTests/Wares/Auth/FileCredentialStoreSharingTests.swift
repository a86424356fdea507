import Courier
import Foundation
import Testing

// Two stores on one file (two processes, or two instances in one) each rewrote the whole file
// from the copy they read first, undoing each other's changes: a rotated refresh token put back
// to the old one, a sign-out undone.
@Suite("FileCredentialStore: several stores on one file keep each other's changes")
struct FileCredentialStoreSharingTests {
    private static func newURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-credentials-\(UUID().uuidString).json")
    }

    private static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(atPath: url.path + ".lock")
    }

    @Test("a save by one store keeps the rotated refresh token another store saved after it read the file")
    func saveKeepsOthersRotation() async throws {
        let url = Self.newURL()
        defer { Self.remove(url) }
        let a = FileCredentialStore(url: url)
        let b = FileCredentialStore(url: url)
        try await a.save(.bearer("a1", refreshToken: "ra1"), for: "a")
        _ = try await b.credentials(for: "b")
        try await a.save(.bearer("a2", refreshToken: "ra2"), for: "a")
        try await b.save(.bearer("b1"), for: "b")
        let fresh = FileCredentialStore(url: url)
        let first = try await fresh.credentials(for: "a")
        let second = try await fresh.credentials(for: "b")
        #expect(first?.refreshToken == "ra2")
        #expect(second?.token == "b1")
    }

    @Test("a sign-out by one store is not undone by another store's next save")
    func removeAllStays() async throws {
        let url = Self.newURL()
        defer { Self.remove(url) }
        let a = FileCredentialStore(url: url)
        let b = FileCredentialStore(url: url)
        try await a.save(.bearer("a1", refreshToken: "ra1"), for: "a")
        _ = try await b.credentials(for: "b")
        try await a.removeAll()
        try await b.save(.bearer("b1"), for: "b")
        let fresh = FileCredentialStore(url: url)
        let first = try await fresh.credentials(for: "a")
        let second = try await fresh.credentials(for: "b")
        #expect(first == nil)
        #expect(second?.token == "b1")
    }

    @Test("a read sees what another store saved after the first read")
    func readSeesOthersSave() async throws {
        let url = Self.newURL()
        defer { Self.remove(url) }
        let a = FileCredentialStore(url: url)
        let b = FileCredentialStore(url: url)
        try await a.save(.bearer("a1", refreshToken: "ra1"), for: "a")
        let before = try await b.credentials(for: "a")
        #expect(before?.refreshToken == "ra1")
        try await a.save(.bearer("a2", refreshToken: "ra2"), for: "a")
        let after = try await b.credentials(for: "a")
        #expect(after?.refreshToken == "ra2")
    }

    @Test("saves from two stores at once all reach the file")
    func concurrentSaves() async throws {
        let url = Self.newURL()
        defer { Self.remove(url) }
        let stores = [FileCredentialStore(url: url), FileCredentialStore(url: url)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { try await stores[index % 2].save(.bearer("t\(index)"), for: AuthSchemeName("s\(index)")) }
            }
            try await group.waitForAll()
        }
        let fresh = FileCredentialStore(url: url)
        var found = 0
        for index in 0..<40 {
            let credentials = try await fresh.credentials(for: AuthSchemeName("s\(index)"))
            if credentials?.token == "t\(index)" { found += 1 }
        }
        #expect(found == 40)
    }
}
