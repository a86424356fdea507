import Foundation

/// The body of a ``Request``: JSON, form fields, raw bytes, or nothing.
///
/// A struct with factory methods rather than an enum so that new kinds (multipart) can be
/// added without breaking anyone's `switch`.
public struct RequestBody: Sendable {
    enum Storage: Sendable {
        case none
        case json(any Encodable & Sendable)
        case form([QueryItem])
        case data(Data, contentType: String)
    }

    let storage: Storage

    /// No body.
    public static let none = RequestBody(storage: .none)

    /// A value encoded as JSON with the service's encoder; sent as `application/json`.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(storage: .json(value))
    }

    /// Fields sent as `application/x-www-form-urlencoded`; `nil` values are omitted by the builder.
    public static func form(_ fields: [QueryItem]) -> RequestBody {
        RequestBody(storage: .form(fields))
    }

    /// Raw bytes with their content type.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(storage: .data(data, contentType: contentType))
    }

    /// Whether this is ``none``.
    public var isEmpty: Bool {
        if case .none = storage { return true }
        return false
    }
}

/// Builds form fields for ``RequestBody/form(_:)`` with the same rules as query items.
public struct FormFields: Sendable {
    /// The fields in order.
    public private(set) var items: [QueryItem] = []

    /// Creates an empty set of fields.
    public init() {}

    /// Appends a field; `nil` is omitted and an array repeats the name.
    public mutating func add(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        items.append(QueryItem(name: name, value: value.parameterValue))
    }
}
