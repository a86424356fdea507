/// Text search byte for byte, over UTF-8, for text that comes from outside (secrets, servers'
/// answers, tokens).
///
/// Why not Foundation's `contains(_:)` and `replacingOccurrences(of:with:)`: on Linux (Swift
/// 6.3.1) they treat NUL characters as ignorable, so `"… 12 bytes)"` "contains" `")\0\0\0"`,
/// `range(of:)` returns a range past the string's end, and `replacingOccurrences` then traps:
/// a secret holding NULs (a token read from a JSON body may) crashed the app the first time a
/// log line was scrubbed of it. Found by `Fuzz/run.sh FuzzCredentialFile`, whose property check
/// used `contains`.
extension String {
    /// Whether `target`'s UTF-8 bytes occur in this string's, exactly.
    func containsExactly(_ target: String) -> Bool {
        if target.isEmpty { return true }
        let needle = Array(target.utf8)
        return withUTF8Bytes { bytes in ExactText.firstMatch(of: needle, in: bytes, from: 0) != nil }
    }

    /// This string with every occurrence of `target`'s UTF-8 bytes (left to right, not
    /// overlapping) replaced by `replacement`; the string itself when there is none.
    func replacingExactly(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        let needle = Array(target.utf8)
        return withUTF8Bytes { bytes -> String in
            guard var match = ExactText.firstMatch(of: needle, in: bytes, from: 0) else { return self }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var copied = 0
            while true {
                result.append(contentsOf: bytes[copied..<match])
                result.append(contentsOf: replacement.utf8)
                copied = match + needle.count
                guard let next = ExactText.firstMatch(of: needle, in: bytes, from: copied) else { break }
                match = next
            }
            result.append(contentsOf: bytes[copied...])
            // Matches of valid UTF-8 in valid UTF-8 start and end on scalar boundaries.
            return String(decoding: result, as: UTF8.self)
        }
    }

    private func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var copy = self
        return copy.withUTF8(body)
    }
}

enum ExactText {
    /// The offset of the first occurrence of `needle` in `bytes` at or after `start`.
    static func firstMatch(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count - start else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
