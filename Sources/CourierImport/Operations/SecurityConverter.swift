import CourierSpec
import Foundation

/// `components/securitySchemes` → `authSchemes:`, and security requirements → `auth:`.
///
/// HTTP bearer and basic and API keys in a header or the query map as they are; OAuth 2 and
/// OpenID Connect send a bearer token the app obtains (the flows are not generated); cookies,
/// mutual TLS and other HTTP schemes have no Courier equivalent.
final class SecurityConverter {
    /// The document's files.
    let documents: DocumentSet
    /// The log.
    var log: ImportLog { documents.log }
    /// The schemes, in document order.
    private(set) var schemes: [AuthSchemeDraft] = []
    /// Courier scheme names by OpenAPI scheme name (absent: not supported).
    private var names: [String: String] = [:]
    /// The default `auth:` (from the top-level `security`), if any.
    private(set) var defaultAuth: String?

    /// Prepares to read the schemes of `documents`.
    init(documents: DocumentSet) {
        self.documents = documents
    }

    /// Reads `components/securitySchemes` and the top-level `security`.
    func convert(schemes node: DocumentNode?, security: DocumentNode?) {
        var used = Set<String>()
        for (key, _, value) in node?.pairs ?? [] {
            guard let scheme = documents.deref(value) else { continue }
            let type = scheme.string("type") ?? ""
            var draft: AuthSchemeDraft
            switch type {
            case "http":
                let httpScheme = (scheme.string("scheme") ?? "").lowercased()
                guard httpScheme == "bearer" || httpScheme == "basic" else {
                    log.approximation("security", scheme, "HTTP '\(httpScheme)' authentication has no Courier scheme; left out")
                    continue
                }
                draft = AuthSchemeDraft(name: key, type: httpScheme)
            case "apiKey":
                let place = scheme.string("in") ?? ""
                guard place == "header" || place == "query", let name = scheme.string("name") else {
                    log.approximation("security", scheme, "an API key in a \(place.isEmpty ? "missing place" : place) has no Courier scheme; left out")
                    continue
                }
                draft = AuthSchemeDraft(name: key, type: "apiKey", placement: place, keyName: name)
            case "oauth2", "openIdConnect":
                log.approximation(
                    "security", scheme,
                    "\(type == "oauth2" ? "OAuth 2" : "OpenID Connect"): a bearer token the app obtains; the flows are not generated")
                draft = AuthSchemeDraft(name: key, type: "bearer")
            default:
                log.approximation("security", scheme, "'\(type)' authentication has no Courier scheme; left out")
                continue
            }
            var name = key
            if !SwiftName.becomesIdentifier(name) || name == "none" || NameRegistry.keywords.contains(SwiftName.lowerCamelCase(name)) {
                name = NameRegistry.memberName(key) + "Auth"
            }
            var candidate = name
            var number = 2
            while !used.insert(SwiftName.lowerCamelCase(candidate)).inserted {
                candidate = name + String(number)
                number += 1
            }
            draft.name = candidate
            draft.summary = scheme.string("description").flatMap { text in
                let cleaned = TextCleanup.normalized(text)
                return cleaned.contains("\n") || cleaned.count > 100 ? nil : cleaned
            }
            names[key] = candidate
            schemes.append(draft)
        }
        if let security { defaultAuth = auth(for: security) }
    }

    /// The `auth:` value of a security requirement list: `none` for `[]`, else the scheme of the
    /// first alternative Courier can send (`nil`: none can be).
    func auth(for requirement: DocumentNode) -> String? {
        guard let alternatives = documents.deref(requirement)?.items else { return nil }
        if alternatives.isEmpty { return "none" }
        var anonymous = false
        for alternative in alternatives {
            let keys = alternative.keys
            if keys.isEmpty {
                anonymous = true
                continue
            }
            guard let first = keys.first(where: { names[$0] != nil }) else { continue }
            if keys.count > 1 {
                log.approximation(
                    "security", alternative,
                    "requires \(keys.joined(separator: " and ")) together; only \(first) is sent")
            }
            if alternatives.count > 1 {
                let others = anonymous || alternatives.contains { $0.keys.isEmpty } ? " (anonymous calls are allowed too)" : ""
                log.approximation(
                    "security", requirement,
                    "any of \(alternatives.count) ways to authenticate; the client uses \(first)\(others)")
            }
            return names[first]
        }
        if anonymous { return "none" }
        log.approximation("security", requirement, "no scheme of this requirement can be sent by Courier; no authentication")
        return "none"
    }
}

/// `servers` → `baseURL:` (the first) and `environments:` (the others), with variables set to
/// their defaults.
enum ServerConverter {
    /// The placeholder base URL of a document without servers.
    static let placeholder = "https://api.example.com"

    /// The base URL and environments from the root document's `servers`.
    static func convert(_ servers: DocumentNode?, log: ImportLog, root: DocumentNode) -> (baseURL: String, environments: [(name: String, url: String)]) {
        var urls: [(url: String, description: String?, position: Int)] = []
        for (position, server) in (servers?.items ?? []).enumerated() {
            guard var url = server.string("url") else { continue }
            for (name, _, variable) in server["variables"]?.pairs ?? [] {
                let value = variable.string("default") ?? ""
                url = url.replacingOccurrences(of: "{\(name)}", with: value)
                let choices = variable["enum"]?.items?.count ?? 0
                log.approximation(
                    "server", variable,
                    "server variable '\(name)' is fixed to its default '\(value)'"
                        + (choices > 1 ? " (\(choices) values are allowed; add environments for others)" : ""))
            }
            while url.hasSuffix("/"), url.count > 1 { url.removeLast() }
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), !url.contains("{"),
                  let parsed = URL(string: url), let host = parsed.host, !host.isEmpty
            else {
                log.approximation("server", server, "the server URL '\(url)' is not an absolute http(s) URL; left out")
                continue
            }
            urls.append((url, server.string("description"), position))
        }
        guard let first = urls.first else {
            log.approximation("server", servers ?? root, "no absolute server URL: baseURL is \(placeholder); replace it")
            return (placeholder, [])
        }
        var environments: [(name: String, url: String)] = []
        var used: Set<String> = ["production", "baseURL", "allCases", "rawValue", "hashValue"]
        for server in urls.dropFirst() where server.url != first.url {
            var name = "server\(server.position + 1)"
            if let description = server.description, description.split(separator: " ").count <= 3 {
                let candidate = NameRegistry.memberName(description)
                if SwiftName.isIdentifier(candidate) { name = candidate }
            }
            let base = name
            var number = 2
            while !used.insert(name).inserted {
                name = base + String(number)
                number += 1
            }
            environments.append((name, server.url))
        }
        return (first.url, environments)
    }
}
