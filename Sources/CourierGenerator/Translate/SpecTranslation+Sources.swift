import CourierSpec

extension SpecTranslation {
    /// Where a generated declaration comes from, for its doc comment's `- Remark:`
    /// (`petstore.courier.yaml:42`): the spec's file name without directories, as the build plugin
    /// and `courier` name it (so generated code does not depend on the machine), and the line.
    static func source(_ location: SourceLocation) -> [String] {
        // One line: it follows `- Remark:` in a doc comment.
        [DocComment.oneLine(OutputLayout.fileName(of: location.file)) + ":\(location.line)"]
    }

    /// Where a scheme `auth:` names without declaring it (`bearer`, `basic`) comes from: the
    /// first `auth:` naming it, the service's before the endpoints'.
    func implicitSchemeSource(_ name: String) -> [String] {
        let uses = [spec.auth].compactMap { $0 } + spec.endpoints.compactMap(\.auth)
        return uses.first { $0.value == name }.map { Self.source($0.location) } ?? []
    }

    /// Where the spec first names a ware (an endpoint's `wares:` entry), for its `NamedWares` property.
    func wareSource(_ name: String) -> [String] {
        for endpoint in spec.endpoints {
            if let ware = endpoint.wares.first(where: { $0.value == name }) { return Self.source(ware.location) }
        }
        return []
    }
}
