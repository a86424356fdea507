import Foundation

extension RawResponse {
    /// The value of the first header field named `name` (compared case-insensitively), if any.
    public func headerValue(_ name: String) -> String? {
        let lowercased = name.lowercased()
        return http.headerFields.first { $0.name.canonicalName == lowercased }?.value
    }

    /// The first header field named `name` read as `T` (`Int`, `Double`, `Bool`, …); `nil` when
    /// missing or not a `T`.
    public func headerValue<T: LosslessStringConvertible>(_ name: String, as type: T.Type) -> T? {
        headerValue(name).flatMap { T($0.trimmingCharacters(in: .whitespaces)) }
    }
}
