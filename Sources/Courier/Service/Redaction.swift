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

    /// Credentials' usual names: `Authorization`, cookies, tokens, keys, passwords, secrets,
    /// signatures.
    public static let standard = Redaction(sensitiveNames: [
        "authorization", "proxy-authorization", "cookie", "set-cookie",
        "access_token", "refresh_token", "id_token", "token", "api_key", "apikey", "api-key", "key",
        "x-api-key", "password", "passwd", "secret", "client_secret", "signature", "sig",
    ])

    /// What printed values are replaced with.
    public static let placeholder = "<redacted>"

    /// Whether `name` is sensitive.
    public func isSensitive(_ name: some StringProtocol) -> Bool {
        sensitiveNames.contains(name.lowercased())
    }

    /// `scheme://authority/path?query` with the values of sensitive query items redacted.
    public func redactedURL(of request: HTTPRequest) -> String {
        let origin = "\(request.scheme ?? "https")://\(request.authority ?? "")"
        let path = request.path ?? "/"
        guard let question = path.firstIndex(of: "?") else { return origin + path }
        let query = path[path.index(after: question)...]
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            let decoded = name.removingPercentEncoding ?? String(name)
            return isSensitive(decoded) ? "\(name)=\(Redaction.placeholder)" : String(item)
        }
        return origin + path[..<question] + "?" + items.joined(separator: "&")
    }
}
