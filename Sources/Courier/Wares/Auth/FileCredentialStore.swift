import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Credentials kept in one JSON file that only its owner may read (mode 0600), for Linux and
/// other systems without a keychain. Every change writes a new file beside it and renames it
/// over the old one, so a crash never leaves half a file; a file that cannot be read (truncated,
/// corrupted) is a ``CredentialStoreError``, never a crash. Expiry dates are kept to the whole
/// second, as the file writes them, so what a save hands back from memory is what a later
/// read of the file gives.
///
/// ```swift
/// let store = FileCredentialStore(url: URL(fileURLWithPath: "/var/lib/myapp/credentials.json"))
/// ```
public final class FileCredentialStore: CredentialStore {
    /// The file.
    public let url: URL
    private let cache = Locked<[String: Credentials]?>(nil)

    /// A store in the file at `url` (made on the first save; its directory must exist).
    public init(url: URL) {
        self.url = url
    }

    /// The stored credentials of `scheme`, or `nil`.
    public func credentials(for scheme: AuthSchemeName) async throws -> Credentials? {
        try cache.withLock { cache in try loaded(&cache)[scheme.rawValue] }
    }

    /// Stores `credentials` for `scheme` and rewrites the file.
    public func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        try change { $0[scheme.rawValue] = credentials }
    }

    /// Forgets the credentials of `scheme` and rewrites the file.
    public func removeCredentials(for scheme: AuthSchemeName) async throws {
        try change { $0[scheme.rawValue] = nil }
    }

    /// Forgets everything and rewrites the file, even one that cannot be read: signing out must
    /// not depend on it.
    public func removeAll() async throws {
        try cache.withLock { cache in
            try writeFile([:])
            cache = [:]
        }
    }

    /// Changes the credentials and rewrites the file. A file that is not a credentials file
    /// (truncated, corrupted) counts as empty here: what it held is lost already, and keeping it
    /// would stop every later sign-in, the one way out for the user.
    private func change(_ body: (inout [String: Credentials]) -> Void) throws {
        try cache.withLock { cache in
            var all: [String: Credentials]
            do { all = try loaded(&cache) } catch CredentialStoreError.unreadable(_, let reason) where reason.hasPrefix(Self.notCredentials) {
                all = [:]
            }
            body(&all)
            all = Self.toWholeSeconds(all)
            try writeFile(all)
            cache = all
        }
    }

    private func loaded(_ cache: inout [String: Credentials]?) throws -> [String: Credentials] {
        if let cache { return cache }
        let all = try read()
        cache = all
        return all
    }

    private func read() throws -> [String: Credentials] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CredentialStoreError.unreadable(path: url.path, reason: "it could not be read")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return Self.toWholeSeconds(try decoder.decode([String: Credentials].self, from: data))
        } catch {
            // The decoder's message may quote the file; say only what is wrong with it.
            throw CredentialStoreError.unreadable(path: url.path, reason: Self.notCredentials + " (truncated or corrupted, \(data.count) bytes)")
        }
    }

    /// How ``CredentialStoreError/unreadable(path:reason:)`` begins for a file that was read but
    /// holds no credentials.
    private static let notCredentials = "it is not a credentials file"

    /// `all` with every expiry cut to its whole second: the file keeps seconds (ISO 8601 without
    /// a fraction), and a hand-written `00:00:000.1` reads as a tenth of a second past, which
    /// saving would have dropped, so what was read and what was saved must both hold no fraction.
    private static func toWholeSeconds(_ all: [String: Credentials]) -> [String: Credentials] {
        all.mapValues { credentials in
            var credentials = credentials
            if let expiry = credentials.expiresAt {
                credentials.expiresAt = Date(timeIntervalSinceReferenceDate: expiry.timeIntervalSinceReferenceDate.rounded(.down))
            }
            return credentials
        }
    }

    private func writeFile(_ all: [String: Credentials]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do { data = try encoder.encode(all) } catch {
            throw CredentialStoreError.unwritable(path: url.path, reason: "the credentials could not be encoded")
        }
        let temporary = url.path + ".\(UUID().uuidString).tmp"
        guard NewFile.create(temporary, with: data, mode: 0o600, sync: true), NewFile.replace(url.path, with: temporary) else {
            unlink(temporary)
            throw CredentialStoreError.unwritable(path: url.path, reason: "writing or renaming the new file failed: errno \(errno)")
        }
    }
}

/// A credential store that could not do its work; the message never holds a secret.
public enum CredentialStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stored credentials could not be read.
    case unreadable(path: String, reason: String)
    /// The credentials could not be stored.
    case unwritable(path: String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the credentials in \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot store the credentials in \(path): \(reason)"
        }
    }
}
