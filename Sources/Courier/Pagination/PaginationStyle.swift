import Foundation

/// How a paginated endpoint reaches its next page, given the request that fetched a page and the
/// response to it; `nil` when there is no next page.
///
/// Generated clients pick one from the spec's `pagination:`; ``Pages`` follows it.
public struct PaginationStyle<Value: Sendable>: Sendable {
    let next: @Sendable (_ request: Request<Value>, _ response: Response<Value>, _ service: URL) -> Request<Value>?
    /// Whether the pages end at the first page without items when ``Pages`` is not told: a
    /// page number always has a next page, so nothing else ends it.
    let endsAtEmptyPage: Bool

    /// Creates a style from a closure; `endsAtEmptyPage` says whether the pages end at the first
    /// page without items when ``Pages`` is not told otherwise.
    public init(endsAtEmptyPage: Bool = false, _ next: @escaping @Sendable (Request<Value>, Response<Value>, URL) -> Request<Value>?) {
        self.next = { request, response, base in next(request, response, base) }
        self.endsAtEmptyPage = endsAtEmptyPage
    }

    /// RFC 8288: the `Link` header's `rel="next"` target, which must lie under the service's base
    /// URL (a link elsewhere ends the pages rather than sending the request's credentials there).
    public static var link: PaginationStyle {
        PaginationStyle { request, response, base in
            // Links may come in several fields (one per link, as many servers send them); a
            // list of them reads as one field joined by commas (RFC 9110 §5.3).
            let value = response.raw.http.headerFields.lazy
                .filter { $0.name.canonicalName == "link" }.map(\.value).joined(separator: ", ")
            guard let target = LinkHeader.target(of: "next", in: value, relativeTo: base)
            else { return nil }
            return request.following(target, under: base)
        }
    }

    /// A page number in the query item `parameter`, counting from the one the first request
    /// sends (or `first`); the pages end at the first page without items.
    public static func pageNumber(parameter: String, first: Int = 1) -> PaginationStyle {
        PaginationStyle(endsAtEmptyPage: true) { request, _, _ in
            var next = request
            let current = request.query.last { $0.name == parameter }.flatMap { Int($0.value.text) } ?? first
            next.query.removeAll { $0.name == parameter }
            next.query.append(QueryItem(name: parameter, value: .integer(Int64(current + 1))))
            return next
        }
    }

    /// A cursor read from each page (`cursor(value)`) and sent in the query item `parameter`;
    /// the pages end when a page has no cursor (or an empty one).
    public static func cursor(parameter: String, from cursor: @escaping @Sendable (Value) -> String?) -> PaginationStyle {
        PaginationStyle { request, response, _ in
            guard let value = cursor(response.value), !value.isEmpty else { return nil }
            var next = request
            next.query.removeAll { $0.name == parameter }
            next.query.append(QueryItem(name: parameter, value: .string(value)))
            return next
        }
    }
}

extension Request {
    /// This request sent to `target` instead (path and query), when `target` lies under `base`.
    func following(_ target: URL, under base: URL) -> Request? {
        guard let parts = URLComponents(url: target, resolvingAgainstBaseURL: true),
              let baseParts = URLComponents(url: base, resolvingAgainstBaseURL: true),
              parts.scheme?.lowercased() == baseParts.scheme?.lowercased(),
              parts.host?.lowercased() == baseParts.host?.lowercased(), parts.port == baseParts.port
        else { return nil }
        var basePath = baseParts.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let path = parts.percentEncodedPath
        guard path.hasPrefix(basePath + "/") || path == basePath else { return nil }
        var next = self
        // The link spells the first request's parameters out in its path: named after the
        // template still (a literal path would put their values in every log line's endpoint,
        // every metric's dimension and span's name), and the sensitive ones still secrets. An
        // unnamed request with a literal path stays unnamed: its pages' endpoint is bounded the
        // same way (`unnamed` in metrics), not named by the first page's path.
        next.name = boundedEndpointName
        next.options[FollowedPathParametersOption.self] = options[FollowedPathParametersOption.self].merging(pathParameters) { $1 }
        // Braces cannot appear unencoded in a URL's path, so the rest is a template without placeholders.
        next.pathTemplate = String(path.dropFirst(basePath.count))
        next.pathParameters = [:]
        next.query = (parts.queryItems ?? []).map { QueryItem(name: $0.name, value: .string($0.value ?? "")) }
        // The query goes out as the server wrote it: decoded and encoded again, a `+` would turn
        // into `%2B` (another search), and a signed query would no longer match its signature.
        next.options[FollowedQueryOption.self] = parts.percentEncodedQuery.map { FollowedQuery(items: next.query, encoded: $0) }
        return next
    }
}

/// The query of a followed link as its server wrote it, for the query items read from it.
struct FollowedQuery: Sendable {
    /// The items as decoded; the text goes out only while the request's query still equals them.
    let items: [QueryItem]
    /// The query, percent-encoded as in the link.
    let encoded: String
}

/// Where a request made from a link keeps its query's own text.
enum FollowedQueryOption: OptionKey {
    static let defaultValue: FollowedQuery? = nil
}

/// The path parameters of the requests a followed link came from, whose values its path may
/// carry: the sensitive ones are registered as the call's secrets, as the first request's were.
enum FollowedPathParametersOption: OptionKey {
    static let defaultValue: [String: String] = [:]
}
