import CourierSpec
import Testing

/// Sizes as a spec writes them: bytes, or a whole number of `B`, `KB` or `MB` (1,024-based).
@Suite struct SizeTextTests {
    @Test(arguments: [
        ("1", 1), ("65536", 65_536), ("512B", 512), ("64KB", 65_536), ("1MB", 1_048_576), (" 8 KB ", 8192),
        ("007KB", 7168), ("1024MB", 1 << 30),
    ])
    func validSizes(text: String, bytes: Int) {
        #expect(SizeText.read(text) == .bytes(bytes))
        #expect(SizeText.bytes(in: text) == bytes)
    }

    @Test(arguments: ["", "KB", "0", "0KB", "-1", "+1", "1.5MB", "64kb", "64 K", "1GB", "1e3", "١٢", "64KBB", "0x10"])
    func invalidSizes(text: String) {
        #expect(SizeText.read(text) == .invalid)
        #expect(SizeText.bytes(in: text) == nil)
    }

    @Test(arguments: ["1025MB", "1073741825", "1048577KB", "99999999999999999999999999", "9223372036854775807MB"])
    func sizesOverTheMaximum(text: String) {
        #expect(SizeText.read(text) == .tooLarge)
    }
}
