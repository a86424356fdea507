import Foundation

/// The bytes libFuzzer hands a target, read from the front: a byte, a small number, a run of bytes,
/// the rest. Reading past the end gives zeros and empty runs, so every input is a valid recipe.
public struct FuzzInput {
    public let bytes: [UInt8]
    private var cursor = 0

    public init(_ start: UnsafeRawPointer?, _ count: Int) {
        if let start, count > 0 {
            bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
        } else {
            bytes = []
        }
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte was taken.
    public var isEmpty: Bool { cursor >= bytes.count }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        guard cursor < bytes.count else { return 0 }
        defer { cursor += 1 }
        return bytes[cursor]
    }

    /// A number in `0..<bound` from the next byte.
    public mutating func number(below bound: Int) -> Int {
        bound <= 1 ? 0 : Int(byte()) % bound
    }

    /// The next `count` bytes (fewer at the end).
    public mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, cursor + max(0, count))
        defer { cursor = end }
        return Array(bytes[cursor..<end])
    }

    /// The bytes up to the next `separator` (taken and dropped), or the rest.
    public mutating func field(separatedBy separator: UInt8) -> [UInt8] {
        guard cursor < bytes.count else { return [] }
        let end = bytes[cursor...].firstIndex(of: separator) ?? bytes.count
        defer { cursor = min(bytes.count, end + 1) }
        return Array(bytes[cursor..<end])
    }

    /// Everything not taken yet.
    public mutating func rest() -> [UInt8] {
        take(bytes.count - cursor)
    }
}

extension String {
    /// The bytes as UTF-8, each invalid sequence replaced by U+FFFD.
    public init(fuzzBytes bytes: some Collection<UInt8>) {
        self = String(decoding: bytes, as: UTF8.self)
    }
}

/// Stops the run with `message` when `condition` is false: libFuzzer saves the input that did it.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("property failed: \(message())\n".utf8))
        abort()
    }
}
