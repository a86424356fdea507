/// How dates are written in JSON (`dates:` for the service, `format:` for one field); the
/// runtime's `DateFormat` has the same cases, which a test keeps equal.
public enum DateFormat: String, SpecWord {
    /// ISO-8601 text (`2024-05-01T12:00:00Z`), the default.
    case iso8601
    /// A calendar day (`2024-05-01`).
    case date
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970

    /// `date format`.
    public static let kind = "date format"
}
