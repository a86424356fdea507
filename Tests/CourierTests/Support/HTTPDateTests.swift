@testable import Courier
import Foundation
import PropertyChecking
import Testing

@Suite("HTTPDate: the three forms of RFC 9110, read by hand")
struct HTTPDateTests {
    /// RFC 9110's own example, `Sun, 06 Nov 1994 08:49:37 GMT`.
    private let example = Date(timeIntervalSince1970: 784_111_777)

    /// Foundation's formatter for IMF-fixdate, the reference both ways.
    private static func imfFixdate() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }

    @Test("IMF-fixdate, RFC 850 and asctime name the same second", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "  Sun, 06 Nov 1994 08:49:37 GMT\t",
        "sun, 6 nov 1994 08:49:37 gmt",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sunday, 06-Nov-1994 08:49:37 GMT",
    ])
    func forms(_ text: String) {
        #expect(HTTPDate.parse(text) == example)
    }

    @Test("what is not an HTTP date is nil, never a trap", arguments: [
        "", "0", "Sun", "Sun,", "Sun, 06 Nov 1994", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 GMT x",
        "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 Nvm 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 PST", "Someday, 06 Nov 1994 08:49:37 GMT", "Sun, 006 Nov 1994 08:49:37 GMT",
        "Sun, 06-Nov-994 08:49:37 GMT", "Sun Nov 6 08:49:37 94", "Sün, 06 Nov 1994 08:49:37 GMT",
        String(repeating: "Sun, 06 Nov 1994 08:49:37 GMT ", count: 10),
        // What FuzzCacheControl and FuzzRetryAfter found in the first version of this parser: an
        // RFC 850 year of many digits was read into an Int before its length was checked.
        "Sunday, 06-Nov-9406666666666666666666666666666668:49:37 GMT", "Sunday, 06-Nov-99999999999999999999 08:49:37 GMT",
        // What the FuzzRetryAfter target found: corelibs' DateFormatter trapped on it
        // ("Incorrect range CFRange"), from a Retry-After, Expires or Date field.
        String(decoding: [0x53, 0x75, 0x6E, 0x20, 0x4E, 0x6F, 0x76, 0x20, 0xDD, 0x89, 0xDA, 0x20, 0x30, 0x38, 0x3A, 0x39, 0x3A, 0x33, 0x8E, 0x20, 0x31, 0x39, 0x38], as: UTF8.self),
    ])
    func rejected(_ text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("leap days, the ends of months and years, and a leap second")
    func calendar() {
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 00:00:00 GMT") == Date(timeIntervalSince1970: 951_782_400))
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(HTTPDate.parse("Wed, 31 Dec 1969 23:59:59 GMT") == Date(timeIntervalSince1970: -1))
        #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT") == Date(timeIntervalSince1970: 253_402_300_799))
        #expect(HTTPDate.parse("Sat, 31 Dec 2016 23:59:60 GMT") == Date(timeIntervalSince1970: 1_483_228_800))
    }

    @Test("an RFC 850 two-digit year is the one with those digits not more than 50 years ahead")
    func twoDigitYears() throws {
        let thisYear = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "GMT")!, from: Date()).year!
        for ahead in [-60, -1, 0, 1, 49, 50] {
            let year = thisYear + ahead
            let text = String(format: "Monday, 01-Jan-%02d 00:00:00 GMT", year % 100)
            let parsed = try #require(HTTPDate.parse(text), "\(text)")
            let parsedYear = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "GMT")!, from: parsed).year!
            #expect(parsedYear == (ahead < -50 ? year + 100 : year), "\(text)")
        }
    }

    @Test("every second DateFormatter writes as IMF-fixdate reads back the same (2,000 seeded dates)")
    func agreesWithFormatter() {
        let formatter = Self.imfFixdate()
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(Int.random(in: -2_208_988_800...4_102_444_800, using: &generator)))
            let text = formatter.string(from: date)
            #expect(HTTPDate.parse(text) == date, "\(text)")
        }
    }

    @Test("what HTTPDate writes is DateFormatter's IMF-fixdate, to the character (2,000 seeded dates, 1900 to 2100)")
    func writesWhatFormatterWrites() {
        let formatter = Self.imfFixdate()
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let seconds = TimeInterval(Int.random(in: -2_208_988_800...4_102_444_800, using: &generator))
            let date = Date(timeIntervalSince1970: seconds + 0.75)
            #expect(HTTPDate.format(date) == formatter.string(from: date), "\(seconds)")
            #expect(HTTPDate.parse(HTTPDate.format(date)) == Date(timeIntervalSince1970: seconds))
        }
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
