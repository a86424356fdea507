@testable import Courier
import Foundation
import Testing

@Suite("ISO8601 parsing and formatting")
struct ISO8601Tests {
    /// Foundation's own parser, as the reference for the hand-written one.
    private func reference(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    @Test("agrees with Foundation on edge cases", arguments: [
        "1970-01-01T00:00:00Z",
        "1969-12-31T23:59:59Z",
        "1969-12-31T23:59:59.500Z",
        "1900-01-01T00:00:00Z",
        "1600-03-01T00:00:00Z",
        "2000-02-29T12:00:00Z",
        "2024-02-29T23:59:59.999Z",
        "2100-12-31T00:00:00Z",
        "9999-12-31T23:59:59Z",
        "2024-05-01T12:00:00+02:00",
        "2024-05-01T12:00:00-05:30",
        "2024-05-01T00:30:00+14:00",
        "2024-05-01T12:00:00.1Z",
        "2024-05-01T12:00:00.123Z",
    ])
    func matchesFoundation(text: String) throws {
        let expected = try #require(reference(text))
        let parsed = try #require(ISO8601.parse(text))
        #expect(abs(parsed.timeIntervalSince(expected)) < 0.000_5)
    }

    @Test("fractions are kept to the millisecond, as they are written, whatever the digits")
    func milliseconds() throws {
        #expect(ISO8601.parse("1970-01-01T00:00:00.123456Z") == Date(timeIntervalSince1970: 0.123))
        #expect(ISO8601.parse("1969-12-31T23:59:59.999999Z") == Date(timeIntervalSince1970: 0))
        #expect(ISO8601.parse("1969-12-31T23:59:59.9994Z") == Date(timeIntervalSince1970: -0.001))
        #expect(ISO8601.parse("2024-05-01T12:00:00.1234567890123456789Z") == Date(timeIntervalSince1970: 1_714_564_800.123))
        #expect(ISO8601.parse("2024-05-01T12:00:00.0005Z") == Date(timeIntervalSince1970: 1_714_564_800.001))
    }

    @Test("years before the Gregorian reform use the proleptic Gregorian calendar, as ISO 8601 says")
    func proleptic() {
        #expect(ISO8601.parse("0001-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(ISO8601.format(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
    }

    @Test("compact offsets and lower-case separators parse")
    func offsetsWithoutColon() throws {
        #expect(ISO8601.parse("2024-05-01T12:00:00+0200") == ISO8601.parse("2024-05-01T10:00:00Z"))
        #expect(ISO8601.parse("2024-05-01t12:00:00z") == ISO8601.parse("2024-05-01T12:00:00Z"))
    }

    @Test("rejects what is not a valid date-time", arguments: [
        "", "2024-05-01", "2024-05-01T12:00:00", "2024-05-01T12:00Z", "2024-13-01T00:00:00Z",
        "2024-00-10T00:00:00Z", "2024-04-31T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
        "2024-05-01T24:00:00Z", "2024-05-01T12:60:00Z", "2024-05-01T12:00:00.Z", "2024-05-01T12:00:00+2:00",
        "2024-05-01T12:00:00+25:00", "2024-05-01T12:00:00Zjunk", "2024/05/01T12:00:00Z", "２０２４-05-01T12:00:00Z",
    ])
    func rejects(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test("formats in UTC with milliseconds only when there is a fraction", arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (-1.0, "1969-12-31T23:59:59Z"),
        (-0.5, "1969-12-31T23:59:59.500Z"),
        (951_782_400.0, "2000-02-29T00:00:00Z"),
        (1_714_564_800.25, "2024-05-01T12:00:00.250Z"),
        (1_714_564_800.9996, "2024-05-01T12:00:01Z"),
        (-2_208_988_800.0, "1900-01-01T00:00:00Z"),
    ])
    func formats(seconds: Double, text: String) {
        #expect(ISO8601.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("format then parse round-trips to the millisecond")
    func roundTrip() throws {
        for seconds in stride(from: -3_000_000_000.0, through: 4_000_000_000.0, by: 86_399.123) {
            let date = Date(timeIntervalSince1970: seconds)
            let parsed = try #require(ISO8601.parse(ISO8601.format(date)))
            #expect(abs(parsed.timeIntervalSince(date)) < 0.000_501)
        }
    }

    @Test("calendar days parse and format at midnight UTC")
    func days() throws {
        #expect(ISO8601.parseDay("2024-02-29") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(ISO8601.parseDay("1969-12-31") == Date(timeIntervalSince1970: -86_400))
        #expect(ISO8601.parseDay("2023-02-29") == nil)
        #expect(ISO8601.parseDay("2024-02-29T00:00:00Z") == nil)
        #expect(ISO8601.formatDay(Date(timeIntervalSince1970: -1)) == "1969-12-31")
        #expect(ISO8601.formatDay(Date(timeIntervalSince1970: 1_709_164_800 + 86_399)) == "2024-02-29")
    }
}
