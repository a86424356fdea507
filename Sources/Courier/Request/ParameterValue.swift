import Foundation

/// A typed value for a path, query, header or form parameter, formatted the same way everywhere:
/// booleans as `true`/`false`, dates as ISO-8601 in UTC (wrap a date in a ``FormattedDate`` for
/// another format; a header field that holds an HTTP date gets one), lists as repeated items. A
/// NaN or infinite number fails the call before it is sent.
public enum ParameterValue: Sendable, Hashable {
    /// Text, sent as is (percent-encoded where it goes into a URL).
    case string(String)
    /// A whole number.
    case integer(Int64)
    /// A floating-point number, in Swift's shortest round-tripping form.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A moment, as ISO-8601 UTC (`2024-05-01T12:00:00Z`, with milliseconds when there are any).
    case date(Date)
    /// Several values; in a query or form the name is repeated once per element.
    case list([ParameterValue])

    /// The value as one piece of text (a list joins its elements with commas).
    public var text: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .date(let value): ISO8601.format(value)
        case .list(let values): values.map(\.text).joined(separator: ",")
        }
    }

    /// Whether this is, or a list holding, a NaN or infinite number: `nan` and `inf` are no
    /// numbers a server reads, so such a parameter fails the call before anything is sent.
    var holdsNonFiniteNumber: Bool {
        switch self {
        case .double(let value): !value.isFinite
        case .list(let values): values.contains { $0.holdsNonFiniteNumber }
        default: false
        }
    }

    var pathText: String { text }
    var headerText: String { text }

    /// The texts sent for this value in a query or form: one per element of a list.
    var repeatedTexts: [String] {
        if case .list(let values) = self { return values.flatMap(\.repeatedTexts) }
        return [text]
    }
}

/// A type that can be sent as a path, query, header or form parameter.
///
/// Conform your own types when they have one natural text form:
///
/// ```swift
/// extension Locale: ParameterEncodable {
///     public var parameterValue: ParameterValue { .string(identifier) }
/// }
/// ```
public protocol ParameterEncodable {
    /// The value to send.
    var parameterValue: ParameterValue { get }
}

extension ParameterValue: ParameterEncodable {
    /// The value itself.
    public var parameterValue: ParameterValue { self }
}

extension String: ParameterEncodable {
    /// The string itself.
    public var parameterValue: ParameterValue { .string(self) }
}

extension Substring: ParameterEncodable {
    /// The substring as a string.
    public var parameterValue: ParameterValue { .string(String(self)) }
}

extension Int: ParameterEncodable {
    /// The number.
    public var parameterValue: ParameterValue { .integer(Int64(self)) }
}

extension Int32: ParameterEncodable {
    /// The number.
    public var parameterValue: ParameterValue { .integer(Int64(self)) }
}

extension Int64: ParameterEncodable {
    /// The number.
    public var parameterValue: ParameterValue { .integer(self) }
}

extension Double: ParameterEncodable {
    /// The number.
    public var parameterValue: ParameterValue { .double(self) }
}

extension Float: ParameterEncodable {
    /// The number, as the `Double` nearest its shortest decimal text, so it is written with the
    /// digits the `Float` prints (`0.1`), not those of its binary value widened
    /// (`0.10000000149011612`).
    public var parameterValue: ParameterValue { .double(isFinite ? Double(description) ?? Double(self) : Double(self)) }
}

extension Bool: ParameterEncodable {
    /// `true` or `false`.
    public var parameterValue: ParameterValue { .bool(self) }
}

extension Date: ParameterEncodable {
    /// The date, sent as ISO-8601 UTC.
    public var parameterValue: ParameterValue { .date(self) }
}

extension UUID: ParameterEncodable {
    /// The UUID's canonical uppercase text.
    public var parameterValue: ParameterValue { .string(uuidString) }
}

extension URL: ParameterEncodable {
    /// The URL's absolute text.
    public var parameterValue: ParameterValue { .string(absoluteString) }
}

extension Array: ParameterEncodable where Element: ParameterEncodable {
    /// A list of the elements' values.
    public var parameterValue: ParameterValue { .list(map(\.parameterValue)) }
}

extension ParameterEncodable where Self: RawRepresentable, RawValue: ParameterEncodable {
    /// The raw value, so string and integer enums encode as their raw values.
    public var parameterValue: ParameterValue { rawValue.parameterValue }
}
