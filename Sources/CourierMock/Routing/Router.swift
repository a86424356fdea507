import CourierSpec

/// What a request's method and path lead to.
enum RouteMatch {
    /// An endpoint, with its placeholders' values and the path relative to the base path.
    case endpoint(Route, values: [String: String], path: String)
    /// Endpoints at this path, none with this method: the methods they take.
    case wrongMethod(allowed: [String])
    /// No endpoint at this path: the template it probably meant, if one is close.
    case notFound(closest: String?)
}

extension MockService {
    /// The endpoint for `method` and `path` (percent-encoded, no query). The path is tried as it
    /// is, then without each base path it starts with (`/v1/pets` → `/pets`). Among templates
    /// that match, the most literal wins (`/pets/mine` over `/pets/{id}`). `HEAD` is served by a
    /// `GET` endpoint when the spec has no `HEAD` one.
    func route(method: String, path: String) -> RouteMatch {
        for candidate in candidatePaths(path) {
            var matched: [(route: Route, values: [String: String])] = []
            for route in routes {
                if let values = route.template.match(candidate) { matched.append((route, values)) }
            }
            guard !matched.isEmpty else { continue }
            let ranked = matched.sorted { lhs, rhs in
                if lhs.route.template.literalLength != rhs.route.template.literalLength {
                    return lhs.route.template.literalLength > rhs.route.template.literalLength
                }
                return lhs.route.template.multiSegmentCount < rhs.route.template.multiSegmentCount
            }
            if let found = ranked.first(where: { $0.route.method == method })
                ?? (method == "HEAD" ? ranked.first(where: { $0.route.method == "GET" }) : nil) {
                return .endpoint(found.route, values: found.values, path: candidate)
            }
            var allowed = Set(matched.map(\.route.method))
            if allowed.contains("GET") { allowed.insert("HEAD") }
            return .wrongMethod(allowed: allowed.sorted())
        }
        return .notFound(closest: closestTemplate(to: candidatePaths(path).last ?? path))
    }

    /// `path`, then `path` without each base path it starts with, longest first.
    func candidatePaths(_ path: String) -> [String] {
        var candidates = [path]
        for base in basePaths where path.hasPrefix(base + "/") {
            candidates.append(String(path.dropFirst(base.count)))
        }
        return candidates
    }

    /// The served path template closest to `path`: each template's whole-segment placeholders
    /// filled with the path's segments (`/pets/{id}` as `/pets/7` for `/pet/7`), then CourierSpec's
    /// "did you mean" distance; else the template the path matches once its first segments are
    /// left out; `nil` when none is close.
    func closestTemplate(to path: String) -> String? {
        var byFilled: [String: String] = [:]
        for template in Set(routes.map(\.template)).sorted(by: { $0.text < $1.text }) {
            let filled = template.filled(from: path)
            if byFilled[filled] == nil { byFilled[filled] = template.text }
        }
        if let close = Suggestion.closest(to: path, among: byFilled.keys).flatMap({ byFilled[$0] }) { return close }
        // A base path the spec does not know (`/v2/pets`, `/api/pets`): the template that the
        // rest of the path matches.
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for dropped in stride(from: 2, to: segments.count, by: 1) {
            let rest = "/" + segments[dropped...].joined(separator: "/")
            if let route = routes.first(where: { $0.template.match(rest) != nil }) { return route.template.text }
        }
        return nil
    }

    /// Every path template served, sorted.
    var pathTemplates: [String] { Set(routes.map(\.template.text)).sorted() }
}
