import Foundation

/// Fast ISO-8601 formatting and parsing for the formats APIs send: `2024-05-01T12:00:00Z`,
/// with or without fractional seconds, with `Z` or a `±hh:mm` offset. Dates are kept to the
/// millisecond both ways, so that a date read and written again is the same date.
///
/// Hand-written because Foundation's formatters cost microseconds per date, which would
/// dominate decoding a list of models.
enum ISO8601 {
    /// Formats in UTC; milliseconds are written only when the date has a fraction of a second.
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = Int64(interval.rounded(.down))
        var millis = Int64(((interval - Double(seconds)) * 1000).rounded())
        if millis == 1000 { seconds += 1; millis = 0 }
        let (days, secondOfDay) = daysAndSecond(of: seconds)
        let (year, month, day) = civil(fromDays: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + clock(secondOfDay)
        if millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    /// Parses a date-time; `nil` when `text` is not ISO-8601.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Parses a date only (`2024-05-01`) as midnight UTC.
    static func parseDay(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 10, let (days, _) = parseDate(bytes) else { return nil }
            return Date(timeIntervalSince1970: Double(days * 86_400))
        }
    }

    /// Formats a date only (`2024-05-01`), in UTC.
    static func formatDay(_ date: Date) -> String {
        let (days, _) = daysAndSecond(of: Int64(date.timeIntervalSince1970.rounded(.down)))
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// `seconds` since 1970 as whole days (counted down for dates before it) and the second of
    /// that day.
    static func daysAndSecond(of seconds: Int64) -> (days: Int64, secondOfDay: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, seconds - days * 86_400)
    }

    /// The second of a day as `hh:mm:ss`.
    static func clock(_ secondOfDay: Int64) -> String {
        pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, let (days, index) = parseDate(bytes) else { return nil }
        var i = index
        guard bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let hour = digits(bytes, i, 2), bytes[i + 2] == UInt8(ascii: ":"),
              let minute = digits(bytes, i + 3, 2), bytes[i + 5] == UInt8(ascii: ":"),
              let second = digits(bytes, i + 6, 2),
              hour < 24, minute < 60, second < 61
        else { return nil }
        i += 8
        // Kept to the millisecond, the precision ``format(_:)`` writes: a date read with more
        // digits came back different after being written and read again (what decodes must
        // encode to the same value; found by the FuzzModels target, #28).
        var millis: Int64 = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            // Whole digits first, one rounding at the end; digits past the twelfth cannot move it.
            var numerator: Int64 = 0
            var denominator: Int64 = 1
            let start = i
            while i < bytes.count, let digit = digit(bytes[i]) {
                if denominator < 1_000_000_000_000 {
                    numerator = numerator * 10 + digit
                    denominator *= 10
                }
                i += 1
            }
            guard i > start else { return nil }
            millis = (numerator * 1000 + denominator / 2) / denominator
        }
        guard i < bytes.count else { return nil }
        var offset: Int64 = 0
        switch bytes[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign: Int64 = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = digits(bytes, i + 1, 2) else { return nil }
            var minutesIndex = i + 3
            if minutesIndex < bytes.count, bytes[minutesIndex] == UInt8(ascii: ":") { minutesIndex += 1 }
            guard let minutes = digits(bytes, minutesIndex, 2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
            i = minutesIndex + 2
        default:
            return nil
        }
        guard i == bytes.count else { return nil }
        var seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        if millis == 1000 { seconds += 1; millis = 0 }
        return Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
    }

    /// Parses `yyyy-MM-dd` at the start of `bytes`: days since 1970 and the index after it.
    private static func parseDate(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int64, Int)? {
        guard bytes.count >= 10,
              let year = digits(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
              let month = digits(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"),
              let day = digits(bytes, 8, 2),
              (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year)
        else { return nil }
        return (days(fromYear: year, month: month, day: day), 10)
    }

    /// The days `month` has in `year` (proleptic Gregorian); also read by ``HTTPDate``.
    static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int64? {
        byte >= 48 && byte <= 57 ? Int64(byte - 48) : nil
    }

    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int64? {
        guard start + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for index in start..<(start + count) {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms.
    /// Days from 1970-01-01 to a civil date; also used by ``HTTPDate``.
    static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
