/// FNV-1a, a fast non-cryptographic hash: for file names and shards, where a collision is
/// harmless because the full key is compared afterwards.
enum FNV1a {
    /// The 64-bit FNV-1a hash of `bytes`.
    static func hash64<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 where Bytes.Element == UInt8 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8.
    static func hash64(_ text: String) -> UInt64 { hash64(text.utf8) }
}
