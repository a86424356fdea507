import Foundation

/// Reads RFC 8288 `Link` header values: `<https://api.example.com/items?page=2>; rel="next", <…>; rel="last"`.
public enum LinkHeader {
    /// The target of the first link whose `rel` holds `relation` (compared case-insensitively;
    /// `rel` may list several relations), resolved against `base` when relative.
    public static func target(of relation: String, in value: String, relativeTo base: URL? = nil) -> URL? {
        for link in links(in: value) where link.relations.contains(relation.lowercased()) {
            return URL(string: link.target, relativeTo: base)?.absoluteURL
        }
        return nil
    }

    /// The links of a header value, in order: each target and its lower-cased relations.
    public static func links(in value: String) -> [(target: String, relations: [String])] {
        var result: [(String, [String])] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            var parameters = rest[rest.index(after: close)...]
            // The link's parameters run to the next "<" that starts a link (after a comma).
            var end = parameters.endIndex
            var inQuotes = false
            var index = parameters.startIndex
            while index < parameters.endIndex {
                let character = parameters[index]
                if character == "\"" { inQuotes.toggle() }
                if character == ",", !inQuotes {
                    end = index
                    break
                }
                index = parameters.index(after: index)
            }
            parameters = parameters[..<end]
            var relations: [String] = []
            for parameter in parameters.split(separator: ";") {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
                let raw = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                relations += raw.lowercased().split(separator: " ").map(String.init)
            }
            result.append((target, relations))
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
        }
        return result
    }
}
