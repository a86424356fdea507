/// A file's text split into lines on demand, for hints that look at the offending line.
struct SourceLines: Sendable {
    private let bytes: [UInt8]

    /// Wraps UTF-8 text.
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Line `number` (1-based) without its line break, or `nil` past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            if current == number { return text(from: start, to: offset) }
            current += 1
            start = offset + 1
        }
        return current == number ? text(from: start, to: bytes.count) : nil
    }

    private func text(from start: Int, to end: Int) -> String {
        var slice = bytes[start..<end]
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
