extension SpecValidator {
    /// Every ware name a spec's endpoints list is a property of the generated `NamedWares`,
    /// camel-cased (`audit_log` is `auditLog`); two spellings of one property would declare it
    /// twice, so the later one is an error pointing at the first.
    mutating func checkWareNames(_ spec: Spec) {
        var first: [String: Located<String>] = [:]
        for ware in spec.endpoints.flatMap(\.wares) where SwiftName.isIdentifier(ware.value) {
            let property = SwiftName.camelCase(ware.value, upperFirst: false)
            guard let other = first[property] else {
                first[property] = ware
                continue
            }
            guard other.value != ware.value else { continue }
            log.error(
                "ware names '\(other.value)' (line \(other.location.line)) and '\(ware.value)' both become the property "
                    + "'\(property)' of the generated NamedWares; spell them the same",
                at: ware.location)
        }
    }
}
