/// Durations as a spec writes them (`timeout: 30s`): seconds (`30`, `1.5`), or a positive number
/// with `ms`, `s`, `m` or `h` (`500ms`, `2m`). Tools that take durations on their command line
/// (`courier-mock --latency 200ms`) read them the same way.
public enum DurationText {
    /// The longest duration a spec may give, in seconds (about 292 billion years): generated code
    /// writes it as `.seconds(_:)`, which takes an `Int64`, and this is under its largest value
    /// with room for the rounding of a `Double`.
    public static let longestSeconds = 9_200_000_000_000_000_000.0

    /// The number of seconds `text` means, if it is a valid positive duration.
    public static func seconds(in text: String) -> Double? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let trimmed = text.trimmingWhitespace()
        let unit = units.first { trimmed.hasSuffix($0.suffix) }
        let number = String(trimmed.dropLast(unit?.suffix.count ?? 0)).trimmingWhitespace()
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number), value > 0, value.isFinite
        else { return nil }
        return value * (unit?.seconds ?? 1)
    }
}
