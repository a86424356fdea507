import CourierSpec

/// Shorthands for building `Spec` values by hand: every value is located at line 1, column 1 of
/// the spec file unless a test cares.
enum Build {
    static let file = "specs/petstore.courier.yaml"

    static func at(_ line: Int = 1, _ column: Int = 1, file: String = Build.file) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static func located<T: Sendable>(_ value: T, line: Int = 1, file: String = Build.file) -> Located<T> {
        Located(value, at: at(line, file: file))
    }

    static func type(_ text: String) -> TypeRef {
        if text.hasSuffix("?") { return .optional(type(String(text.dropLast()))) }
        if text.hasPrefix("[String: "), text.hasSuffix("]") { return .dictionary(type(String(text.dropFirst(9).dropLast()))) }
        if text.hasPrefix("["), text.hasSuffix("]") { return .array(type(String(text.dropFirst().dropLast()))) }
        return .named(text)
    }

    static func field(
        _ name: String, _ typeText: String, key: String? = nil, default value: SpecValue? = nil,
        format: DateFormat? = nil, summary: String? = nil, deprecated: String? = nil
    ) -> Field {
        Field(
            name: located(name), type: located(type(typeText)), key: key,
            defaultValue: value.map { located($0) }, format: format.map { located($0) },
            documentation: Documentation(summary: summary, deprecated: deprecated.map { Deprecation(message: $0) }))
    }

    static func object(_ name: String, summary: String? = nil, description: String? = nil, deprecated: Deprecation? = nil, _ fields: [Field]) -> Model {
        Model(
            name: located(name), kind: .object(fields),
            documentation: Documentation(summary: summary, description: description, deprecated: deprecated))
    }

    static func enumeration(_ name: String, rawType: EnumDefinition.RawType = .string, summary: String? = nil, _ cases: [(String, String?)]) -> Model {
        Model(
            name: located(name),
            kind: .enumeration(EnumDefinition(rawType: rawType, cases: cases.map { EnumCase(value: located($0.0), name: $0.1) })),
            documentation: Documentation(summary: summary))
    }

    static func parameter(_ name: String, _ typeText: String, key: String? = nil, default value: SpecValue? = nil, summary: String? = nil) -> Parameter {
        Parameter(
            name: located(name), type: located(type(typeText)), key: key, defaultValue: value.map { located($0) },
            documentation: Documentation(summary: summary))
    }

    static func scalar(_ text: String) -> SpecValue { .scalar(text, quoted: false) }

    /// An endpoint; `method` is spelled as on the wire (`GET`), and one that is no ``HTTPMethod``
    /// gives an endpoint without a method, as the parser leaves one it reported.
    static func endpoint(
        _ name: String, _ method: String, _ path: String, pathParameters: [Parameter] = [], query: [Parameter] = [],
        headers: [Parameter] = [], body: Body? = nil, response: String? = nil, auth: String? = nil, wares: [String] = [],
        cache: CacheSetting? = nil, timeout: Double? = nil, sample: String? = nil, summary: String? = nil,
        deprecated: Deprecation? = nil
    ) -> Endpoint {
        Endpoint(
            name: located(name), method: HTTPMethod(rawValue: method.lowercased()).map { located($0) }, path: located(path), pathParameters: pathParameters,
            queryParameters: query, headerParameters: headers, body: body, response: response.map { located(type($0)) },
            auth: auth.map { located($0) }, wares: wares.map { located($0) }, cache: cache,
            timeout: timeout.map { located($0) }, sample: sample.map { located($0) },
            documentation: Documentation(summary: summary, deprecated: deprecated))
    }

    static func spec(
        service: String = "Petstore", file: String = Build.file, models: [Model] = [], endpoints: [Endpoint] = [],
        auth: String? = nil, keys: KeyStyle? = nil
    ) -> Spec {
        Spec(
            file: file, service: located(service, file: file), baseURL: located("https://api.example.com/v1", file: file),
            auth: auth.map { located($0, file: file) }, keyStrategy: keys.map { located($0, file: file) },
            models: models, endpoints: endpoints)
    }
}
