import Foundation

/// Dates as HTTP writes them (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, and the two
/// obsolete forms a recipient must still read (`Sunday, 06-Nov-94 08:49:37 GMT`,
/// `Sun Nov  6 08:49:37 1994`).
///
/// Read by hand rather than with `DateFormatter`: corelibs Foundation's formatter traps
/// ("Incorrect range CFRange") on some non-ASCII text, which any server could send in a
/// `Retry-After`, `Expires` or `Date` field (found by the FuzzRetryAfter target, #28), and making
/// three formatters per field cost more than the rest of reading a response's cache headers.
enum HTTPDate {
    /// The date `text` names, or `nil` when it is none of the three forms (or names no real day).
    static func parse(_ text: some StringProtocol) -> Date? {
        var scanner = DateScanner(text.utf8)
        guard scanner.isReadable else { return nil }
        scanner.skipSpaces()
        guard let weekday = scanner.word(), Self.dayNames.contains(weekday) else { return nil }
        let fields: Fields?
        if scanner.take(UInt8(ascii: ",")) {
            fields = Self.imfOrRFC850(&scanner)
        } else {
            fields = Self.asctime(&scanner)
        }
        guard let fields else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return fields.date
    }

    /// The parts of a date, checked to name a real second.
    private struct Fields {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int

        var date: Date? {
            let (year, month, day) = (Int64(year), Int64(month), Int64(day))
            guard (1...12).contains(month), day >= 1, day <= ISO8601.daysInMonth(month, year: year),
                hour <= 23, minute <= 59, second <= 60 else { return nil }
            let seconds = ISO8601.days(fromYear: year, month: month, day: day) * 86_400
                + Int64(hour * 3_600 + minute * 60 + second)
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
    }

    private static let dayNames: Set<String> = [
        "mon", "tue", "wed", "thu", "fri", "sat", "sun",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]
    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `, 06 Nov 1994 08:49:37 GMT` or `, 06-Nov-94 08:49:37 GMT`, after the day name.
    private static func imfOrRFC850(_ scanner: inout DateScanner) -> Fields? {
        guard scanner.skipSpaces() > 0, let day = scanner.number(digits: 1...2) else { return nil }
        let month: Int
        let year: Int
        if scanner.take(UInt8(ascii: "-")) {
            guard let named = self.month(&scanner), scanner.take(UInt8(ascii: "-")),
                let digits = scanner.digitCount(), digits == 2 || digits == 4,
                let written = scanner.number(digits: digits...digits) else { return nil }
            month = named
            year = digits == 2 ? twoDigitYear(written) : written
        } else {
            guard scanner.skipSpaces() > 0, let named = self.month(&scanner), scanner.skipSpaces() > 0,
                let written = scanner.number(digits: 4...4) else { return nil }
            month = named
            year = written
        }
        guard scanner.skipSpaces() > 0, var fields = time(&scanner), scanner.skipSpaces() > 0,
            let zone = scanner.word(), zone == "gmt" || zone == "utc" else { return nil }
        fields.year = year
        fields.month = month
        fields.day = day
        return fields
    }

    /// ` Nov  6 08:49:37 1994`, after the day name.
    private static func asctime(_ scanner: inout DateScanner) -> Fields? {
        guard scanner.skipSpaces() > 0, let month = self.month(&scanner), scanner.skipSpaces() > 0,
            let day = scanner.number(digits: 1...2), scanner.skipSpaces() > 0,
            var fields = time(&scanner), scanner.skipSpaces() > 0,
            let year = scanner.number(digits: 4...4) else { return nil }
        fields.year = year
        fields.month = month
        fields.day = day
        return fields
    }

    /// `08:49:37`; the date parts are filled in by the caller.
    private static func time(_ scanner: inout DateScanner) -> Fields? {
        guard let hour = scanner.number(digits: 1...2), scanner.take(UInt8(ascii: ":")),
            let minute = scanner.number(digits: 2...2), scanner.take(UInt8(ascii: ":")),
            let second = scanner.number(digits: 2...2) else { return nil }
        return Fields(year: 0, month: 0, day: 0, hour: hour, minute: minute, second: second)
    }

    private static func month(_ scanner: inout DateScanner) -> Int? {
        guard let name = scanner.word(), let index = monthNames.firstIndex(of: name) else { return nil }
        return index + 1
    }

    /// An RFC 850 two-digit year: the year with those last digits that is not more than 50 years
    /// in the future (RFC 9110 §5.6.7).
    private static func twoDigitYear(_ digits: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let now = calendar.component(.year, from: Date())
        var year = now - now % 100 + digits
        if year > now + 50 { year -= 100 }
        return year
    }
}

/// Reads an HTTP date's ASCII bytes from the front.
private struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0
    /// Whether the text is short ASCII at all: an HTTP date is 29 characters, and anything else is
    /// not one (whatever its length, nothing past 64 bytes is read).
    let isReadable: Bool

    init(_ utf8: some Collection<UInt8>) {
        bytes = Array(utf8.prefix(65))
        isReadable = bytes.count <= 64 && bytes.allSatisfy { $0 < 0x80 }
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Skips spaces and tabs; how many.
    @discardableResult
    mutating func skipSpaces() -> Int {
        let start = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index - start
    }

    /// Takes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The letters next, lower-cased; `nil` when none are.
    mutating func word() -> String? {
        let start = index
        while index < bytes.count, (bytes[index] | 0x20) >= 0x61, (bytes[index] | 0x20) <= 0x7A { index += 1 }
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index].map { $0 | 0x20 }, as: UTF8.self)
    }

    /// How many digits come next (without taking them); `nil` when none.
    func digitCount() -> Int? {
        var end = index
        while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
        return end > index ? end - index : nil
    }

    /// A number of as many digits as `digits` allows (at most nine), no more: `nil` when fewer or
    /// more follow.
    mutating func number(digits: ClosedRange<Int>) -> Int? {
        // Never more than nine digits, whatever the caller allows: an Int cannot overflow.
        guard let count = digitCount(), digits.contains(count), count <= 9 else { return nil }
        var value = 0
        for byte in bytes[index..<(index + count)] { value = value * 10 + Int(byte - 0x30) }
        index += count
        return value
    }
}
