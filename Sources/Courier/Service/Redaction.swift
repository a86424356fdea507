import Foundation
import HTTPTypes

/// Which names carry secrets, so that Courier never prints their values: in errors' URLs, and
/// in what logging wares write. Names match case-insensitively.
///
/// ```swift
/// var service = Petstore.service()
/// service.redaction.sensitiveNames.insert("session_id")
/// ```
public struct Redaction: Sendable, Hashable {
    /// Query item, header and body field names whose values are secret (lowercased).
    public var sensitiveNames: Set<String>

    /// A redaction for these names (matched case-insensitively).
    public init(sensitiveNames: Set<String>) {
        self.sensitiveNames = Set(sensitiveNames.map { $0.lowercased() })
    }

    /// Credentials' usual names, in snake_case, camelCase and kebab-case: `Authorization`,
    /// cookies, tokens, keys, passwords, secrets, signatures.
    public static let standard = Redaction(sensitiveNames: [
        "authorization", "proxy-authorization", "cookie", "set-cookie",
        "access_token", "refresh_token", "id_token", "token", "api_key", "apikey", "api-key", "key",
        "accesstoken", "refreshtoken", "idtoken", "access-token", "refresh-token",
        "auth_token", "authtoken", "x-auth-token", "session_token", "sessiontoken", "x-session-token",
        "x-api-key", "password", "passwd", "secret", "client_secret", "clientsecret", "signature", "sig",
        "private_key", "privatekey",
    ])

    /// What printed values are replaced with.
    public static let placeholder = "<redacted>"

    /// Whether `name` is sensitive.
    public func isSensitive(_ name: some StringProtocol) -> Bool {
        sensitiveNames.contains(name.lowercased())
    }

    /// Whether the field `name` is sensitive; its canonical name is lowercase already, so
    /// nothing is allocated.
    package func isSensitive(_ name: HTTPField.Name) -> Bool {
        sensitiveNames.contains(name.canonicalName)
    }

    /// `scheme://authority/path?query` with the values of sensitive query items redacted.
    public func redactedURL(of request: HTTPRequest) -> String {
        redactedURL("\(request.scheme ?? "https")://\(request.authority ?? "")\(request.path ?? "/")")
    }

    /// A URL's text with the values of sensitive query items redacted.
    public func redactedURL(_ text: String) -> String {
        guard let question = text.firstIndex(of: "?") else { return text }
        let query = text[text.index(after: question)...]
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            let decoded = name.removingPercentEncoding ?? String(name)
            return isSensitive(decoded) ? "\(name)=\(Redaction.placeholder)" : String(item)
        }
        return text[..<question] + "?" + items.joined(separator: "&")
    }
}
