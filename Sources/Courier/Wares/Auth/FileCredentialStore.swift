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
/// Several stores may share the file, in one process or in several: every change holds an
/// exclusive `flock(2)` on a lock file beside it (its name with `.lock` added, made on the first
/// change and left there, mode 0600), reads the file again under it and changes only its own
/// entry, so a save never puts back what another store changed or removed (a rotated refresh
/// token, a sign-out). A read gives the file's contents as they are: it reads the file again
/// when it changed since this store last read or wrote it (another file in its place, another
/// modification time or size), and needs no lock, since every write replaces the file whole.
///
/// ```swift
/// let store = FileCredentialStore(url: URL(fileURLWithPath: "/var/lib/myapp/credentials.json"))
/// ```
public final class FileCredentialStore: CredentialStore {
    /// The file.
    public let url: URL
    /// What was last read or written, and which version of the file it was.
    private let cache = Locked<(all: [String: Credentials], version: FileVersion?)?>(nil)

    /// A store in the file at `url` (made on the first save; its directory must exist).
    public init(url: URL) {
        self.url = url
    }

    /// The stored credentials of `scheme`, or `nil`.
    public func credentials(for scheme: AuthSchemeName) async throws -> Credentials? {
        try cache.withLock { cache in try current(&cache)[scheme.rawValue] }
    }

    /// Stores `credentials` for `scheme` and rewrites the file, keeping the other schemes' as the
    /// file has them now.
    public func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        try change { $0[scheme.rawValue] = credentials; return true }
    }

    /// Forgets the credentials of `scheme` and rewrites the file, keeping the other schemes' as
    /// the file has them now.
    public func removeCredentials(for scheme: AuthSchemeName) async throws {
        try change { $0.removeValue(forKey: scheme.rawValue) != nil }
    }

    /// Forgets the credentials of `scheme` when the file still holds the secrets of `ended`,
    /// deciding under the lock file's lock: another process's newer ones stay.
    public func removeCredentials(for scheme: AuthSchemeName, ifStill ended: Credentials) async throws -> Bool {
        var removed = false
        try change { all in
            guard let stored = all[scheme.rawValue], stored.sameSecrets(as: ended) else { return false }
            all[scheme.rawValue] = nil
            removed = true
            return true
        }
        return removed
    }

    /// Forgets everything and rewrites the file, even one that cannot be read: signing out must
    /// not depend on it.
    public func removeAll() async throws {
        try cache.withLock { cache in
            try whileLocked {
                try writeFile([:])
                cache = ([:], FileVersion(of: url.path))
            }
        }
    }

    /// Changes the credentials as the file holds them now, under the lock file's lock, and
    /// rewrites the file when `body` says it changed them. A file that is not a credentials file (truncated, corrupted) counts as
    /// empty here: what it held is lost already, and keeping it would stop every later sign-in,
    /// the one way out for the user.
    private func change(_ body: (inout [String: Credentials]) -> Bool) throws {
        try cache.withLock { cache in
            try whileLocked {
                var all: [String: Credentials]
                var unreadable = false
                do { all = try read() } catch CredentialStoreError.unreadable(_, let reason) where reason.hasPrefix(Self.notCredentials) {
                    all = [:]
                    unreadable = true
                }
                // A corrupted file is replaced whatever `body` did: it holds nothing anyone can use.
                guard body(&all) || unreadable else { return }
                all = Self.toWholeSeconds(all)
                try writeFile(all)
                cache = (all, FileVersion(of: url.path))
            }
        }
    }

    /// The file's credentials: those in memory while the file is the one they came from, else
    /// the file read again.
    private func current(_ cache: inout (all: [String: Credentials], version: FileVersion?)?) throws -> [String: Credentials] {
        let version = FileVersion(of: url.path)
        if let cache, cache.version == version { return cache.all }
        let all = try read()
        cache = (all, version)
        return all
    }

    /// Runs `body` holding an exclusive `flock` on the lock file, waiting for other stores' (in
    /// this process or another) to let go of theirs.
    private func whileLocked<Result>(_ body: () throws -> Result) throws -> Result {
        let path = url.path + ".lock"
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CredentialStoreError.unwritable(path: url.path, reason: "the lock file \(path) could not be opened: errno \(errno)")
        }
        defer { close(descriptor) }  // closing lets go of the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw CredentialStoreError.unwritable(path: url.path, reason: "the lock file \(path) could not be locked: errno \(errno)")
            }
        }
        return try body()
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

/// Which file is at a path, and how it was last changed: another write (a new file renamed over
/// it) gives another value. `nil` when there is no file.
private struct FileVersion: Equatable {
    let device: UInt64
    let number: UInt64
    let modified: Double
    let size: Int64

    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        number = UInt64(truncatingIfNeeded: info.st_ino)
        modified = info.modificationSeconds
        size = Int64(info.st_size)
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
