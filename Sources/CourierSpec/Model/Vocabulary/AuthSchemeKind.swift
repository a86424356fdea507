/// What a declared auth scheme sends (`authSchemes: { name: { type: … } }`).
public enum AuthSchemeKind: String, SpecWord {
    /// `Authorization: Bearer <token>`; the only kind that refreshes.
    case bearer
    /// `Authorization: Basic <user:password>`.
    case basic
    /// A key in a header or query item (`in:` and `name:`).
    case apiKey

    /// `auth scheme type`.
    public static let kind = "auth scheme type"
}
