/// Sizes as a spec writes them (`maximumElementSize: 64KB`): a whole number of bytes (`65536`),
/// or a whole number with `B`, `KB` or `MB` (`512B`, `64KB`, `1MB`). A kilobyte is 1,024 bytes
/// and a megabyte 1,024 kilobytes, as the runtime counts its limits (its 1 MB default is
/// 1,048,576 bytes).
public enum SizeText {
    /// The largest size a spec may write: 1024MB (1 GB).
    public static let maximumBytes = 1 << 30

    /// What a size text says.
    public enum Reading: Sendable, Equatable {
        /// A valid size, in bytes.
        case bytes(Int)
        /// A well-formed size above ``SizeText/maximumBytes``.
        case tooLarge
        /// Not a positive whole number with an optional unit.
        case invalid
    }

    /// Reads `text` as a size.
    public static func read(_ text: String) -> Reading {
        let units: [(suffix: String, bytes: Int)] = [("KB", 1 << 10), ("MB", 1 << 20), ("B", 1)]
        let trimmed = text.trimmingWhitespace()
        let unit = units.first { trimmed.hasSuffix($0.suffix) }
        let number = String(trimmed.dropLast(unit?.suffix.count ?? 0)).trimmingWhitespace()
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .invalid }
        let digits = number.drop { $0 == "0" }
        if digits.isEmpty { return .invalid }
        // More digits than any size up to the maximum has: too large, without overflowing.
        guard digits.count <= 10, let value = Int(digits) else { return .tooLarge }
        let bytes = value * (unit?.bytes ?? 1)
        return bytes <= maximumBytes ? .bytes(bytes) : .tooLarge
    }

    /// The number of bytes `text` means, if it is a valid size.
    public static func bytes(in text: String) -> Int? {
        if case .bytes(let bytes) = read(text) { return bytes }
        return nil
    }
}
