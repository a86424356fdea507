/// The HTTP methods an endpoint may use, spelled as its method key (`get: /pets`).
public enum HTTPMethod: String, SpecWord {
    /// `get:`.
    case get
    /// `post:`.
    case post
    /// `put:`.
    case put
    /// `patch:`.
    case patch
    /// `delete:`.
    case delete
    /// `head:`.
    case head
    /// `options:`.
    case options

    /// `HTTP method`.
    public static let kind = "HTTP method"

    /// The method as sent on the wire: `GET`, `POST`, ….
    public var wireName: String { rawValue.uppercased() }

    /// Whether a request of this method usually carries no body (`GET`, `HEAD`).
    public var expectsNoBody: Bool { self == .get || self == .head }

    /// Whether sending it twice may act twice (`POST`, `PATCH`), so retrying needs an idempotency key.
    public var isNonIdempotent: Bool { self == .post || self == .patch }
}
