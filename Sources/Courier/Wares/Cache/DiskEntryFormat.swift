import Foundation

/// How one entry is laid out in its file: a magic number, the metadata as JSON (with the full
/// key), the body, and a checksum of both, so that a truncated or corrupted file is recognised
/// and never served.
///
///     "CCE1" | metadata length (UInt32, big endian) | metadata JSON | body | FNV-1a 64 of metadata and body (big endian)
enum DiskEntryFormat {
    private static let magic = Array("CCE1".utf8)

    /// Everything but the body.
    private struct Metadata: Codable {
        var key: CacheKey
        var status: Int
        var headers: [CachedResponse.HeaderPair]
        var storedAt: Date
        var initialAge: Double
        var freshnessLifetime: Double?
        var vary: [String: String?]
        var mustRevalidate: Bool
        var bodyLength: Int
    }

    /// An entry with its metadata encoded and its body not yet copied, so that its file's size
    /// is known (and one over the store's limit refused) before the file's bytes are built.
    struct Prepared {
        fileprivate let json: Data
        fileprivate let body: Data

        /// How many bytes the file takes.
        var count: Int { magic.count + 4 + json.count + body.count + 8 }

        /// The file's bytes: the one copy of the body.
        func bytes() -> Data {
            var data = Data(capacity: count)
            data.append(contentsOf: magic)
            append(UInt64(json.count), bytes: 4, to: &data)
            data.append(json)
            data.append(body)
            append(FNV1a.hash64(body, seed: FNV1a.hash64(json)), bytes: 8, to: &data)
            return data
        }
    }

    /// `entry` with its metadata encoded, or `nil` when the metadata cannot be (a number JSON
    /// has no spelling for).
    static func prepare(_ entry: CachedResponse) -> Prepared? {
        let metadata = Metadata(
            key: entry.key, status: entry.status, headers: entry.headers, storedAt: entry.storedAt,
            initialAge: entry.initialAge, freshnessLifetime: entry.freshnessLifetime, vary: entry.vary,
            mustRevalidate: entry.mustRevalidate, bodyLength: entry.body.count)
        guard let json = try? JSONEncoder().encode(metadata), json.count <= Int(UInt32.max) else { return nil }
        return Prepared(json: json, body: entry.body)
    }

    /// The entry in `data`, or `nil` when the file is not a complete, intact entry.
    ///
    /// Works on `data`'s own bytes: only the metadata and the body are copied out, so a read
    /// holds about one file and one body at a time. Every length in the file is checked against
    /// the bytes there are before it is used, so a hostile file cannot make it trap or allocate.
    static func decode(_ data: Data) -> CachedResponse? {
        data.withUnsafeBytes { bytes -> CachedResponse? in
            guard bytes.count >= magic.count + 4 + 8, bytes.prefix(4).elementsEqual(magic) else { return nil }
            let jsonStart = 8
            let jsonLength = Int(bigEndian(bytes, at: 4, count: 4))
            guard jsonLength <= bytes.count - jsonStart - 8 else { return nil }
            let bodyStart = jsonStart + jsonLength
            let bodyLength = bytes.count - bodyStart - 8
            let json = UnsafeRawBufferPointer(rebasing: bytes[jsonStart..<bodyStart])
            let body = UnsafeRawBufferPointer(rebasing: bytes[bodyStart..<(bodyStart + bodyLength)])
            guard bigEndian(bytes, at: bodyStart + bodyLength, count: 8) == FNV1a.hash64(body, seed: FNV1a.hash64(json)),
                  let metadata = try? JSONDecoder().decode(Metadata.self, from: Data(json)),
                  metadata.bodyLength == bodyLength  // compared, never added: it may be anything
            else { return nil }
            let entry = CachedResponse(
                key: metadata.key, status: metadata.status, headers: metadata.headers, body: Data(body),
                storedAt: metadata.storedAt, initialAge: metadata.initialAge, freshnessLifetime: metadata.freshnessLifetime,
                vary: metadata.vary, mustRevalidate: metadata.mustRevalidate)
            return entry.isPlausible ? entry : nil
        }
    }

    private static func append(_ value: UInt64, bytes count: Int, to data: inout Data) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, count: Int) -> UInt64 {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
