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

    /// The names the templates' function bodies use next to the parameters, which a parameter of
    /// the same name would shadow or redeclare: the factory's locals (`request`, `fields` of a
    /// form, `form` of a multipart body), the client facade's properties (`client`, `namedWares`),
    /// locals (`decoder` of an event union, `response` of a `…WithHeaders` method) and the
    /// `maxPages` parameter of `…Pages` and `…Items`.
    static let reserved: Set<String> = ["request", "fields", "form", "client", "namedWares", "decoder", "response", "maxPages"]

    private var scope = NameScope(reserved: ParameterListBuilder.reserved)
    private var entries: [(group: Group, render: ParameterRender, documentation: Documentation?)] = []

    /// Claims a unique name for a parameter and records it; returns the name. `label` is an
    /// argument label differing from the name (`to destination`); `documentation` defaults to
    /// the source parameter's.
    mutating func claim(
        _ identifier: String, label: String? = nil, type: String, qualifiedType: String, defaultValue: [String],
        group: Group, source: Parameter? = nil, documentation: Documentation? = nil
    ) -> String {
        let name = scope.claim(identifier)
        var render = ParameterRender(name: name, type: type, qualifiedType: qualifiedType, defaultValue: defaultValue)
        if let label { render.label = label }
        entries.append((group, render, documentation ?? source?.documentation))
        return name
    }

    /// Claims a unique name for a parameter that only the client facade's method takes (such as
    /// `progress`), so it cannot clash with the factory's; returns the name.
    mutating func reserve(_ identifier: String) -> String {
        scope.claim(identifier)
    }

    /// The parameters in signature order.
    var ordered: [ParameterRender] {
        sortedEntries.map(\.render)
    }

    /// Names and documentation, in signature order, for the doc comment.
    func documentation(for endpoint: Endpoint) -> [(name: String, documentation: Documentation)] {
        sortedEntries.compactMap { entry in
            guard let documentation = entry.documentation else { return nil }
            return (SwiftIdentifier.plain(entry.render.name), documentation)
        }
    }

    private var sortedEntries: [(group: Group, render: ParameterRender, documentation: Documentation?)] {
        entries.enumerated().sorted { lhs, rhs in
            lhs.element.group != rhs.element.group
                ? lhs.element.group.rawValue < rhs.element.group.rawValue : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
