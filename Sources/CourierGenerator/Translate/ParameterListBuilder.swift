import CourierSpec

/// Collects an endpoint's function parameters: unique names, then the signature order
/// path parameters, body, required parameters, parameters with defaults (each group in spec order).
struct ParameterListBuilder {
    /// Where a parameter goes in the signature.
    enum Group: Int {
        /// Path parameters and the body.
        case leading
        /// Query, header and form parameters without a default.
        case trailing
        /// Parameters with a default (including optionals, which default to `nil`).
        case optional
    }

    private var scope = NameScope(reserved: ["request", "fields"])
    private var entries: [(group: Group, render: ParameterRender, source: Parameter?)] = []

    /// Claims a unique name for a parameter and records it; returns the name.
    mutating func claim(
        _ identifier: String, type: String, qualifiedType: String, defaultValue: [String], group: Group,
        source: Parameter? = nil
    ) -> String {
        let name = scope.claim(identifier)
        entries.append((group, ParameterRender(name: name, type: type, qualifiedType: qualifiedType, defaultValue: defaultValue), source))
        return name
    }

    /// The parameters in signature order.
    var ordered: [ParameterRender] {
        sortedEntries.map(\.render)
    }

    /// Names and documentation, in signature order, for the doc comment.
    func documentation(for endpoint: Endpoint) -> [(name: String, documentation: Documentation)] {
        sortedEntries.compactMap { entry in
            guard let source = entry.source else { return nil }
            return (SwiftIdentifier.plain(entry.render.name), source.documentation)
        }
    }

    private var sortedEntries: [(group: Group, render: ParameterRender, source: Parameter?)] {
        entries.enumerated().sorted { lhs, rhs in
            lhs.element.group != rhs.element.group
                ? lhs.element.group.rawValue < rhs.element.group.rawValue : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
