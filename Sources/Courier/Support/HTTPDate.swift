import Foundation

/// Dates as HTTP writes them (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, and the two
/// obsolete forms a recipient must still read.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850
        "EEE MMM d HH:mm:ss yyyy",  // asctime
    ]

    /// The date `text` names, or `nil` when it is none of the three forms.
    static func parse(_ text: some StringProtocol) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in formats {
            // Made per call: DateFormatter is not Sendable, and HTTP dates are read rarely.
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}
