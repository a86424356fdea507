/// A file's text, looked at line by line for hints about a syntax error (so only on failure).
struct SourceLines: Sendable {
    private let bytes: [UInt8]

    /// Wraps UTF-8 text.
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Line `number` (1-based) without its line break, or `nil` past the end.
    func line(_ number: Int) -> String? {
        guard let start = startOfLine(number) else { return nil }
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether nothing but blanks and line breaks follows `location` (its column counted in
    /// characters, as libyaml counts them).
    func onlyBlanks(from location: SourceLocation) -> Bool {
        guard var offset = startOfLine(location.line) else { return true }
        var column = 1
        while offset < bytes.count, column < location.column, bytes[offset] != UInt8(ascii: "\n") {
            offset += 1
            // Continuation bytes of a UTF-8 sequence do not start a new character.
            if offset >= bytes.count || bytes[offset] & 0xC0 != 0x80 { column += 1 }
        }
        return bytes[offset...].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    private func startOfLine(_ number: Int) -> Int? {
        guard number >= 1 else { return nil }
        var current = 1
        var offset = 0
        while current < number {
            guard let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            offset = newline + 1
            current += 1
        }
        return offset
    }
}
