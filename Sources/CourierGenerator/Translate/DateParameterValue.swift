import CourierSpec

/// What a factory sends for a parameter that holds dates. The runtime writes a plain `Date` as
/// ISO-8601, or as an HTTP date on a field such as `If-Modified-Since`; a parameter whose dates
/// travel otherwise (the spec's `dates:`, or its own `format:`) is wrapped in a `FormattedDate`,
/// each element of a list and the value of an optional alike.
enum DateParameterValue {
    /// The header fields whose value is an HTTP date by definition (RFC 9110, 9111); the runtime
    /// keeps the same list (`HTTPDate.isDateField`).
    static let httpDateFields: Set<String> = [
        "date", "expires", "last-modified", "if-modified-since", "if-unmodified-since", "if-range", "retry-after",
    ]

    /// The expression sending `argument` of `type`: `argument` itself, or wrapped.
    /// - Parameters:
    ///   - format: the parameter's own `format:`, which always wins.
    ///   - serviceFormat: the spec's `dates:`.
    ///   - headerName: the wire name when the parameter is a header field.
    static func expression(
        for argument: String, type: TypeRef, format: DateFormat?, serviceFormat: DateFormat, headerName: String?
    ) -> String {
        if format == nil, let headerName, httpDateFields.contains(headerName.lowercased()) { return argument }
        // ISO-8601 is what the runtime writes anyway, unless the parameter asks for it itself.
        guard let chosen = format ?? (serviceFormat == .iso8601 ? nil : serviceFormat) else { return argument }
        let wrap = { (value: String) in "FormattedDate(\(value), format: .\(chosen.rawValue))" }
        switch type {
        case .named("Date"): return wrap(argument)
        case .optional(.named("Date")), .array(.named("Date")): return "\(argument).map { \(wrap("$0")) }"
        case .optional(.array(.named("Date"))): return "\(argument).map { $0.map { \(wrap("$0")) } }"
        default: return argument
        }
    }
}
