import CourierSpec
import Foundation

/// How an endpoint takes part in `--state` (see ``ResourceStore``).
enum StateRole: Sendable, Equatable {
    /// The collection template (`/pets`).
    case collection
    /// The item template (`/pets/{id}`), its collection template.
    case item(collection: String)

    /// The roles of the templates of `routes`: an item template is a collection template that
    /// some endpoint has, plus one segment that is one placeholder.
    static func roles(of routes: [Route]) -> [String: StateRole] {
        let templates = Set(routes.map(\.template.text))
        var roles: [String: StateRole] = [:]
        for template in templates {
            guard let slash = template.lastIndex(of: "/") else { continue }
            let last = template[template.index(after: slash)...]
            let collection = String(template[..<slash])
            guard last.hasPrefix("{"), last.hasSuffix("}"), !last.hasPrefix("{+"), last.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" }),
                  templates.contains(collection)
            else { continue }
            roles[template] = .item(collection: collection)
            roles[collection] = .collection
        }
        return roles
    }
}

/// Answers a request from the run's state, when its endpoint takes part in it.
struct StatefulAnswer {
    let service: MockService
    let roles: [String: StateRole]
    let models: [String: Model]

    /// The answer from `store`, or `nil` when the endpoint or request does not take part (the
    /// samples answer it then). `path` is the request's path without its base path and query;
    /// `fullPath` with its base path, for `Location`.
    func answer(_ route: Route, request: MockRequest, path: String, fullPath: String, store: inout ResourceStore) -> MockResponse? {
        guard let role = roles[route.template.text] else { return nil }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        switch role {
        case .collection:
            return collection(route, request: request, path: trimmed, fullPath: fullPath, store: &store)
        case .item(let collectionTemplate):
            guard let slash = trimmed.lastIndex(of: "/") else { return nil }
            let id = PercentDecoding.decode(trimmed[trimmed.index(after: slash)...].utf8)
            return item(route, id: id, request: request, collectionPath: String(trimmed[..<slash]),
                        collectionTemplate: collectionTemplate, store: &store)
        }
    }

    private func collection(_ route: Route, request: MockRequest, path: String, fullPath: String, store: inout ResourceStore) -> MockResponse? {
        switch route.method {
        case "GET", "HEAD":
            guard case .array = route.endpoint.response?.value.nonOptional else { return nil }
            let items = store.items(at: path) { seed(collectionTemplate: route.template.text) }
            return json(.array(items.all), status: route.success?.status ?? 200, route: route)
        case "POST":
            guard case .json = route.endpoint.body, let body = MockJSON.parse(request.body)?.members else { return nil }
            var items = store.items(at: path) { seed(collectionTemplate: route.template.text) }
            var members = MockJSON.parse(route.success?.body)?.members ?? [:]
            for (key, value) in body { members[key] = value }
            if body["id"] == nil, hasID(route, sample: members) {
                members["id"] = nextID(in: items, like: members["id"], route: route)
            }
            let value = MockJSON.object(members)
            let key = value.idText ?? store.anonymousKey()
            items.put(key, value)
            store.set(items, at: path)
            var response = json(value, status: route.success?.status ?? 201, route: route)
            if let id = value.idText {
                let base = fullPath.hasSuffix("/") ? String(fullPath.dropLast()) : fullPath
                response.headers.append(("Location", base + "/" + Self.encodeSegment(id)))
            }
            return response
        default:
            return nil
        }
    }

    private func item(
        _ route: Route, id: String, request: MockRequest, collectionPath: String, collectionTemplate: String, store: inout ResourceStore
    ) -> MockResponse? {
        var items = store.items(at: collectionPath) { seed(collectionTemplate: collectionTemplate) }
        let id = Self.storedKey(of: id, in: items)
        let current = items.values[id]
        switch route.method {
        case "GET", "HEAD":
            guard let current else { return missing(route, id: id, collection: collectionPath) }
            return json(current, status: route.success?.status ?? 200, route: route)
        case "PUT", "PATCH":
            guard case .json = route.endpoint.body, let body = MockJSON.parse(request.body), body.members != nil else { return nil }
            var value: MockJSON
            if route.method == "PATCH" {
                guard let current else { return missing(route, id: id, collection: collectionPath) }
                value = current.merged(with: body)
            } else {
                var members = itemSample(collectionTemplate: collectionTemplate)?.members ?? MockJSON.parse(route.success?.body)?.members ?? [:]
                for (key, member) in body.members ?? [:] { members[key] = member }
                value = .object(members)
            }
            if var members = value.members {
                members["id"] = Self.id(id, like: current?.members?["id"] ?? members["id"])
                value = .object(members)
            }
            // Under the id as the item holds it (`01` is item 1 once the id is a number).
            items.put(value.idText ?? id, value)
            store.set(items, at: collectionPath)
            return json(value, status: route.success?.status ?? 200, route: route)
        case "DELETE":
            guard items.remove(id) else { return missing(route, id: id, collection: collectionPath) }
            store.set(items, at: collectionPath)
            let sample = route.success
            var headers = sample?.headers.map { (name: $0.name, value: $0.value) } ?? []
            headers.removeAll { $0.name.lowercased() == "content-length" }
            return MockResponse(status: sample?.status ?? 204, headers: headers, body: sample?.body ?? Data(), endpoint: route.name, source: "state")
        default:
            return nil
        }
    }

    /// The endpoint's 404 sample, else a problem saying the item is not in the state.
    private func missing(_ route: Route, id: String, collection: String) -> MockResponse {
        if let sample = route.samples.first(where: { $0.status == 404 }) {
            var response = Responder.response(from: sample, route: route)
            response.source = "state (none), " + response.source
            return response
        }
        var response = Problem(
            status: 404, detail: "no item with id '\(id)' in \(collection) (--state)", instance: collection + "/" + id,
            endpoint: route.name
        ).response()
        response.source = "state (none)"
        return response
    }

    /// `value` as the answer of `route`: JSON when the endpoint answers with a body.
    private func json(_ value: MockJSON, status: Int, route: Route) -> MockResponse {
        let answersBody = !(route.endpoint.response == nil || route.endpoint.response?.value == .named("Empty"))
        guard answersBody, status != 204 else { return MockResponse(status: status, endpoint: route.name, source: "state") }
        return MockResponse(status: status, headers: [("Content-Type", "application/json")], body: value.data, endpoint: route.name, source: "state")
    }

    /// The items a concrete collection starts with: its list sample's, then its item sample.
    private func seed(collectionTemplate: String) -> [MockJSON] {
        var values: [MockJSON] = []
        if let list = service.routes.first(where: { $0.template.text == collectionTemplate && $0.method == "GET" }),
           case .array(let items)? = MockJSON.parse(list.success?.body) {
            values += items
        }
        if let item = itemSample(collectionTemplate: collectionTemplate) { values.append(item) }
        return values
    }

    /// The success sample of the collection's item `GET` endpoint.
    private func itemSample(collectionTemplate: String) -> MockJSON? {
        let item = service.routes.first { route in
            route.method == "GET" && roles[route.template.text] == .item(collection: collectionTemplate)
        }
        return MockJSON.parse(item?.success?.body)
    }

    /// Whether items of `route`'s response have an `id`: its model declares one (as `id` on the
    /// wire), or its sample has one.
    private func hasID(_ route: Route, sample: [String: MockJSON]) -> Bool {
        if sample["id"] != nil { return true }
        guard case .named(let name)? = route.endpoint.response?.value.nonOptional, let model = models[name],
              case .object(let fields) = model.kind
        else { return false }
        return fields.contains { ($0.key ?? $0.name.value) == "id" }
    }

    /// The next integer after every integer id of `items`, or a UUID when ids are text.
    private func nextID(in items: ResourceStore.Items, like example: MockJSON?, route: Route) -> MockJSON {
        var isText = false
        if case .string? = example { isText = true }
        if case .named(let name)? = route.endpoint.response?.value.nonOptional, let model = models[name],
           case .object(let fields) = model.kind, let field = fields.first(where: { ($0.key ?? $0.name.value) == "id" }) {
            isText = !["Int", "Int32", "Int64"].contains(field.type.value.nonOptional.description)
        }
        if isText { return .string(UUID().uuidString) }
        let highest = items.all.compactMap { value -> Int64? in
            if case .integer(let number)? = value.members?["id"] { return number }
            return nil
        }.max() ?? 0
        if highest < .max { return .integer(highest + 1) }
        // An item holds the largest id there is: the smallest positive one not taken instead.
        let taken = Set(items.all.compactMap { value -> Int64? in
            if case .integer(let number)? = value.members?["id"] { return number }
            return nil
        })
        var free: Int64 = 1
        while taken.contains(free) { free += 1 }
        return .integer(free)
    }

    /// The key the item a path names is kept under: the path's text, or for a number written
    /// another way (`01`, `+1`) the number's own text when an item is kept under it.
    private static func storedKey(of id: String, in items: ResourceStore.Items) -> String {
        guard items.values[id] == nil, let number = Int64(id) else { return id }
        let canonical = String(number)
        return items.values[canonical] != nil ? canonical : id
    }

    /// The id from a path as JSON of the kind `example` is (an integer when it is one).
    private static func id(_ text: String, like example: MockJSON?) -> MockJSON {
        if case .integer? = example, let number = Int64(text) { return .integer(number) }
        if example == nil, let number = Int64(text) { return .integer(number) }
        return .string(text)
    }

    /// `id` percent-encoded for a path segment.
    private static func encodeSegment(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
