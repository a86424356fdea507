import Foundation

extension HTTPDate {
    /// `date` as RFC 9110 §5.6.7 says a sender writes an HTTP date (IMF-fixdate, always GMT):
    /// `Sun, 06 Nov 1994 08:49:37 GMT`; a fraction of a second is dropped.
    static func format(_ date: Date) -> String {
        let (days, secondOfDay) = ISO8601.daysAndSecond(of: Int64(date.timeIntervalSince1970.rounded(.down)))
        let (year, month, day) = ISO8601.civil(fromDays: days)
        // 1970-01-01 was a Thursday.
        let weekday = Int(((days + 4) % 7 + 7) % 7)
        return weekdays[weekday] + ", " + ISO8601.pad(day, 2) + " " + months[Int(month) - 1] + " "
            + ISO8601.pad(year, 4) + " " + ISO8601.clock(secondOfDay) + " GMT"
    }

    /// Whether the header field `name` holds an HTTP date by definition (RFC 9110, 9111), so a
    /// `Date` set on it is written as one rather than as ISO-8601.
    static func isDateField(_ name: String) -> Bool {
        dateFields.contains(name.lowercased())
    }

    private static let dateFields: Set<String> = [
        "date", "expires", "last-modified", "if-modified-since", "if-unmodified-since", "if-range", "retry-after",
    ]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
