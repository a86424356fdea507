/// The date texts the runtime's `DateFormat` reads, checked without the runtime: a day
/// (`2024-05-01`) and an ISO-8601 timestamp (`2024-05-01T12:00:00Z`, `…00.250+02:00`).
enum SampleDates {
    /// `yyyy-MM-dd`, a day that exists.
    static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && day(bytes)
    }

    /// A day, `T` (or `t` or a space), `HH:mm:ss`, optional fractional seconds, then `Z` (or `z`)
    /// or an offset `±HH:mm` / `±HHmm`.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, day(bytes), [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              let hour = number(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"),
              let minute = number(bytes, 14, 2), bytes[16] == UInt8(ascii: ":"),
              let second = number(bytes, 17, 2), hour < 24, minute < 60, second < 61
        else { return false }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, number(bytes, index, 1) != nil { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return index + 1 == bytes.count
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(bytes, index + 1, 2), hours < 24 else { return false }
            var minutesIndex = index + 3
            if minutesIndex < bytes.count, bytes[minutesIndex] == UInt8(ascii: ":") { minutesIndex += 1 }
            guard let minutes = number(bytes, minutesIndex, 2), minutes < 60 else { return false }
            return minutesIndex + 2 == bytes.count
        default:
            return false
        }
    }

    private static func day(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 10, let year = number(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
              let month = number(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"), let day = number(bytes, 8, 2),
              (1...12).contains(month), day >= 1
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = switch month {
        case 2: leap ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
        return day <= days
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
