/// Type names the generated code spells at file scope or inside its namespace: Swift's,
/// Foundation's and Courier's, and the types generated inside every namespace. A service (the
/// namespace, a type at the top level of the app's module) named like one of them shadows it in
/// every generated file: `service: Transport` breaks `any Transport`, `service: String` every
/// string. A generator test keeps this list covering every name the default templates spell.
public enum GeneratedCodeNames {
    /// Names no `service:` may take.
    public static let serviceNamesTaken: Set<String> = swift.union(courier).union(generated)

    /// Swift's and Foundation's, and the modules the generated files import.
    static let swift: Set<String> = [
        "Swift", "Foundation", "Courier", "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date",
        "URL", "UUID", "Data", "Void", "Optional", "Array", "Dictionary", "Set", "Error", "Never", "Any",
        "AnyObject", "Self", "Result", "Task", "Duration", "Equatable", "Hashable", "Codable", "Decodable",
        "Encodable", "Sendable", "CaseIterable", "RawRepresentable", "CustomStringConvertible", "CodingKey",
        "Decoder", "Encoder", "JSONDecoder", "JSONEncoder", "AsyncThrowingStream", "AsyncSequence",
    ]

    /// Courier's.
    static let courier: Set<String> = [
        "Client", "Request", "Response", "RawResponse", "Transport", "URLSessionTransport", "Ware", "Pages",
        "PageItems", "PlanContext", "PlanRunning", "ServiceConfiguration", "ServiceEvent", "ServiceFailure",
        "ErrorMapping", "AuthScheme", "AuthSchemeName", "TokenRefresh", "TokenGrant", "Redaction", "CachePolicy",
        "RetryOptions", "HeaderItem", "JSONCoding", "JSONValue", "FormFields", "MultipartForm", "UploadFile",
        "TransferProgress", "HTTPBody", "ResponseDecoding", "ResponseSample", "EndpointSamples", "ParameterEncodable",
        "WireKey", "FieldwiseEquatable", "Indirect", "Nullable", "Base64Data", "UnionAttempts", "DateFormat",
        "ServerSentEventStream", "JSONLines", "JSONTextSequence", "IdleLimitedChunks", "CourierError", "FormattedDate",
    ]

    /// Generated inside each namespace, or generic parameters of generated types.
    static let generated: Set<String> = [
        "Environment", "ErrorEnvelope", "Event", "ServiceError", "AuthSchemes", "CodingKeys", "NamedWares", "Body",
        "Model", "Value",
    ]
}
