import Foundation

/// The names of a ``DiskCacheStore``'s files: `<part hashes joined by ".">-<key hash>.entry`, each
/// hash 16 lower-case hexadecimal digits.
///
/// Every part of a combined partition is in the name, so the end of any one of them (a session
/// beside credentials of the call's own, `auth:…+fields:…`, or beside another scheme's session)
/// finds its files even in a later launch, when the cache no longer knows the combined name (a
/// fingerprint is salted per process), and even when another store on the directory wrote them.
/// A partition of one part is named as before parts were. A write goes to
/// `<entry name>.<random decimal number>.tmp` first. A name of any other shape is not the
/// store's (the directory may be shared with other programs) and is never counted or removed.
enum EntryName {
    private static let suffix = ".entry"
    private static let temporarySuffix = ".tmp"
    private static let hashLength = 16

    /// The name of the entry whose partition's parts hash to `partHashes` and whose key hashes to `keyHash`.
    static func make(partHashes: [UInt64], keyHash: UInt64) -> String {
        partHashes.map(hex).joined(separator: ".") + "-" + hex(keyHash) + suffix
    }

    /// The hashes of the partition's parts in the entry file name `name` (as written), or `nil`
    /// when `name` is not shaped like an entry's.
    static func partHashes(of name: String) -> [String]? {
        guard name.hasSuffix(suffix) else { return nil }
        let stem = name.dropLast(suffix.count)
        let halves = stem.split(separator: "-", omittingEmptySubsequences: false)
        guard halves.count == 2, isHash(halves[1]) else { return nil }
        let parts = halves[0].split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy(isHash) else { return nil }
        return parts.map(String.init)
    }

    /// A new name for a temporary file of the entry file `name`.
    static func temporary(for name: String) -> String {
        name + ".\(UInt64.random(in: 0...UInt64.max))" + temporarySuffix
    }

    /// Whether `name` is shaped like a temporary file's (see ``temporary(for:)``).
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasSuffix(temporarySuffix) else { return false }
        let stem = name.dropLast(temporarySuffix.count)
        guard let dot = stem.lastIndex(of: ".") else { return false }
        let number = stem[stem.index(after: dot)...]
        return !number.isEmpty && number.utf8.allSatisfy { (0x30...0x39).contains($0) } && partHashes(of: String(stem[..<dot])) != nil
    }

    /// `value` as written in a name: 16 hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: hashLength - digits.count) + digits
    }

    /// The names in `directory` shaped like an entry's (none when it cannot be listed).
    static func entries(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { partHashes(of: $0) != nil }
    }

    private static func isHash(_ text: Substring) -> Bool {
        text.utf8.count == hashLength && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
