import Foundation

extension FormattedDate: ParameterEncodable {
    /// The date as its format writes it, so a parameter travels like the service's dates do: an
    /// ISO-8601 moment, a calendar day (`2024-05-01`), or seconds or milliseconds since 1970 as
    /// digits (seconds with a fraction when the date has one). Generated clients wrap a `Date`
    /// parameter in one when the spec's `dates:` or the parameter's `format:` is not `iso8601`.
    public var parameterValue: ParameterValue {
        switch format {
        case .iso8601:
            // Text, not `.date`: a format the spec chose is kept even on an HTTP date field.
            return .string(ISO8601.format(date))
        case .date:
            return .string(ISO8601.formatDay(date))
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            if let whole = Int64(exactly: seconds) { return .integer(whole) }
            return .double(seconds)
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            if let whole = Int64(exactly: milliseconds) { return .integer(whole) }
            return .double(milliseconds)
        }
    }
}
