import Foundation

extension DecodingFailure {
    /// Describes a `DecodingError` with its coding path as `[0].owner.name`.
    /// The body excerpt hides the fields `redaction` calls sensitive.
    init(_ error: DecodingError, type: Any.Type, response: RawResponse, redaction: Redaction) {
        let (path, message) = DecodingFailure.describe(error)
        self.init(
            type: "\(type)", codingPath: path, message: message,
            contentType: response.http.headerFields[.contentType], bodyExcerpt: response.bodyExcerpt(redactedBy: redaction),
            response: response)
    }

    /// A `DecodingError`'s coding path, written as `[0].owner.name`, and its explanation.
    static func describe(_ error: DecodingError) -> (codingPath: String, message: String) {
        let context: DecodingError.Context
        let message: String
        switch error {
        case .typeMismatch(let expected, let ctx):
            context = ctx
            message = "expected \(expected): \(ctx.debugDescription)"
        case .valueNotFound(let expected, let ctx):
            context = ctx
            message = "missing value of type \(expected): \(ctx.debugDescription)"
        case .keyNotFound(let key, let ctx):
            context = DecodingError.Context(codingPath: ctx.codingPath + [key], debugDescription: ctx.debugDescription)
            message = "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let ctx):
            context = ctx
            let underlying = ctx.underlyingError.map { " (\($0))" } ?? ""
            message = "\(ctx.debugDescription)\(underlying)"
        @unknown default:
            context = DecodingError.Context(codingPath: [], debugDescription: "\(error)")
            message = "\(error)"
        }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        return (path, message)
    }
}
