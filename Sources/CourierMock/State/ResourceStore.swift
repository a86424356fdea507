import CourierSpec
import Foundation

/// What `--state` remembers during one run: resources created, replaced, changed and removed,
/// by collection.
///
/// A *collection* is a path template such as `/pets` for which the spec also has an *item*
/// template, the collection plus one placeholder segment (`/pets/{id}`). Each concrete
/// collection path (`/pets`, `/owners/7/pets`) starts with the items of its list endpoint's
/// success sample and its item endpoint's success sample that have an `id`, and then:
///
/// - `POST` to the collection with a JSON body stores the endpoint's success sample with the
///   body's members laid over it, with an `id` assigned when the body has none (the next integer,
///   or a UUID when the ids are text), and answers it with the success status and a `Location`;
/// - `GET` of the collection (a list response) answers every item, samples first, in order;
/// - `GET` of an item finds it by `id`, else answers the endpoint's `404` sample (or a problem);
/// - `PUT` replaces an item (the item sample with the body laid over it), creating it if needed;
///   `PATCH` merges the body into it (RFC 7396: `null` removes a member); `DELETE` removes it.
///
/// Query parameters do not filter lists. A request with `Prefer: code=` or `example=` is answered
/// from the samples and changes nothing.
struct ResourceStore: Sendable {
    /// One concrete collection's items in order, by `id` text.
    struct Items: Sendable {
        var order: [String] = []
        var values: [String: MockJSON] = [:]

        mutating func put(_ id: String, _ value: MockJSON) {
            if values[id] == nil { order.append(id) }
            values[id] = value
        }

        mutating func remove(_ id: String) -> Bool {
            guard values.removeValue(forKey: id) != nil else { return false }
            order.removeAll { $0 == id }
            return true
        }

        var all: [MockJSON] { order.compactMap { values[$0] } }
    }

    private var collections: [String: Items] = [:]
    private var anonymous = 0

    /// The items of the concrete collection `path`, seeded with `seed` on first use.
    mutating func items(at path: String, seed: () -> [MockJSON]) -> Items {
        if let items = collections[path] { return items }
        var items = Items()
        for value in seed() {
            guard let id = value.idText, items.values[id] == nil else { continue }
            items.put(id, value)
        }
        collections[path] = items
        return items
    }

    /// Replaces the items of `path`.
    mutating func set(_ items: Items, at path: String) {
        collections[path] = items
    }

    /// A key for an item without an `id`: listed, never found by one.
    mutating func anonymousKey() -> String {
        anonymous += 1
        return "\u{0}anonymous-\(anonymous)"
    }
}
