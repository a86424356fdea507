/// One authentication scheme of the service, as `<Namespace>.AuthSchemes` declares it.
public struct AuthSchemeRender: Sendable, Hashable {
    /// The constant's name (`session`).
    public var constantName: String
    /// The scheme's name as a string literal (`"session"`).
    public var nameLiteral: String
    /// `///` lines describing it.
    public var docs: [String]
    /// The `AuthScheme(…)` expression, naming itself through the constant.
    public var expression: String

    /// Creates a scheme.
    public init(constantName: String, nameLiteral: String, docs: [String], expression: String) {
        self.constantName = constantName
        self.nameLiteral = nameLiteral
        self.docs = docs
        self.expression = expression
    }
}
