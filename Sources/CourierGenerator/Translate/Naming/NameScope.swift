/// Hands out unique identifiers within one scope (a type's members, a function's parameters),
/// resolving collisions deterministically: the first name keeps its spelling, later ones that
/// come out the same get `2`, `3`, … appended, in the order they are claimed.
struct NameScope {
    private var taken: Set<String>

    /// Creates a scope where `reserved` names are already taken (for example `request` inside a factory).
    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// Claims `identifier` (already made safe) or the first free suffixed form of it.
    mutating func claim(_ identifier: String) -> String {
        let plain = SwiftIdentifier.plain(identifier)
        if taken.insert(plain).inserted { return identifier }
        var counter = 2
        while true {
            let candidate = plain + String(counter)
            if taken.insert(candidate).inserted { return candidate }
            counter += 1
        }
    }

    /// Marks `identifiers` taken as they are, without claiming suffixed forms of taken ones.
    mutating func reserve(_ identifiers: some Sequence<String>) {
        taken.formUnion(identifiers.map(SwiftIdentifier.plain))
    }

    /// Whether `identifier` is taken.
    func contains(_ identifier: String) -> Bool {
        taken.contains(SwiftIdentifier.plain(identifier))
    }
}
