/// Checks that a default value fits its type: `Int = abc`, `Bool = 3`, an enum default that is
/// not a case, a list type whose default is not a list, …
struct DefaultValueCheck {
    /// The models of the load, for enum cases.
    let models: ModelTable

    /// Reports `value` if it does not fit `type`.
    func check(_ value: Located<SpecValue>, type: TypeRef, of what: String, log: inout DiagnosticLog) {
        if let problem = problem(value.value, type) {
            log.error("the default `\(value.value)` of \(what) does not fit its type '\(type)': \(problem)", at: value.location)
        }
    }

    /// Why `value` does not fit `type`, or `nil` when it does.
    func problem(_ value: SpecValue, _ type: TypeRef) -> String? {
        switch type {
        case .optional(let wrapped):
            return value == .null ? nil : problem(value, wrapped)
        case .array(let element):
            guard case .sequence(let items) = value else { return "expected a list such as []" }
            return items.lazy.compactMap { item in self.problem(item, element).map { "item \(item): \($0)" } }.first
        case .dictionary(let valueType):
            guard case .mapping(let pairs) = value else { return "expected a mapping such as {}" }
            return pairs.lazy.compactMap { key, item in self.problem(item, valueType).map { "'\(key)': \($0)" } }.first
        case .named(let name):
            if value == .null { return "null fits only optional types (write '\(type)?')" }
            if name == "JSON" { return nil }
            if TypeRef.builtins.contains(name) { return builtinProblem(value, name) }
            if let definition = models.enumeration(name) { return enumProblem(value, definition, name) }
            if models.fields(of: name) != nil || models.union(name) != nil {
                return "defaults are not supported for models; make the field optional instead"
            }
            return nil  // An unknown type, reported on its own.
        }
    }

    private func builtinProblem(_ value: SpecValue, _ name: String) -> String? {
        guard case .scalar(let text, let quoted) = value else { return "expected a single value, not a list or mapping" }
        switch name {
        case "Int": return integerProblem(text, quoted: quoted, Int.self)
        case "Int32": return integerProblem(text, quoted: quoted, Int32.self)
        case "Int64": return integerProblem(text, quoted: quoted, Int64.self)
        case "Double", "Float":
            return !quoted && Double(text) != nil ? nil : "expected a number"
        case "Bool":
            return !quoted && (text == "true" || text == "false") ? nil : "expected true or false"
        case "UUID":
            return Self.isUUID(text) ? nil : "expected a UUID such as 123E4567-E89B-12D3-A456-426614174000"
        case "Data":
            return Self.isBase64(text) ? nil : "expected base64 text"
        case "URL":
            return text.contains(":") || text.hasPrefix("/") ? nil : "expected a URL with a scheme, such as https://example.com"
        default:
            return nil  // String and Date take any text.
        }
    }

    private func integerProblem<Integer: FixedWidthInteger>(_ text: String, quoted: Bool, _: Integer.Type) -> String? {
        if quoted { return "expected an integer, found quoted text" }
        guard SpecParser.isInteger(text) else { return "expected an integer" }
        return Integer(text) == nil ? "out of range for \(Integer.self)" : nil
    }

    private func enumProblem(_ value: SpecValue, _ definition: EnumDefinition, _ name: String) -> String? {
        let values = definition.cases.map(\.value.value)
        guard case .scalar(let text, let quoted) = value, values.contains(text) else {
            return "not a case of '\(name)' (" + values.joined(separator: ", ") + ")"
        }
        if definition.rawType == .integer, quoted { return "'\(name)' has integer values; write \(text) without quotes" }
        return nil
    }

    private static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    private static func isBase64(_ text: String) -> Bool {
        let body = text.reversed().drop { $0 == "=" }
        let padding = text.count - body.count
        return text.count % 4 == 0 && padding <= 2
            && body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }
    }
}
