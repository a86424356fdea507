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
        case "Double": return floatingPointProblem(text, quoted: quoted, Double.self)
        case "Float": return floatingPointProblem(text, quoted: quoted, Float.self)
        case "Bool":
            return !quoted && (text == "true" || text == "false") ? nil : "expected true or false"
        case "String":
            return nil
        default:
            // Date, URL, UUID and Data: the generator has no literal for them that cannot fail, so
            // the spec says so here, at the default, rather than the build failing later.
            return "defaults are not supported for \(name) fields; leave it out or make the field optional"
        }
    }

    private func integerProblem<Integer: FixedWidthInteger>(_ text: String, quoted: Bool, _: Integer.Type) -> String? {
        if quoted { return "expected an integer, found quoted text" }
        guard SpecParser.isInteger(text) else { return "expected an integer" }
        return Integer(text) == nil ? "out of range for \(Integer.self)" : nil
    }

    /// A number the type holds: not `nan` or `inf` (no literal writes them), not past the type's
    /// largest value (`Float = 1e39` compiled to infinity) and not so close to zero that the type
    /// holds 0 instead (`Float = 1e-50`), as integers are checked against their range.
    private func floatingPointProblem<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ text: String, quoted: Bool, _: Number.Type
    ) -> String? {
        let unsigned = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !quoted, let number = Number(text), let first = unsigned.first, first.isNumber || first == "." else {
            return "expected a number"
        }
        if number.isInfinite { return "out of range for \(Number.self)" }
        if number == 0, Self.hasNonZeroDigit(unsigned) { return "too close to zero for \(Number.self), which would hold 0" }
        return nil
    }

    /// Whether the significand of a number's text (before its exponent) has a digit other than 0.
    private static func hasNonZeroDigit(_ text: Substring) -> Bool {
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") {
            return lowered.dropFirst(2).prefix { $0 != "p" }.contains { $0.isHexDigit && $0 != "0" }
        }
        return lowered.prefix { $0 != "e" }.contains { $0.isNumber && $0 != "0" }
    }

    private func enumProblem(_ value: SpecValue, _ definition: EnumDefinition, _ name: String) -> String? {
        let values = definition.cases.map(\.value.value)
        guard case .scalar(let text, let quoted) = value, values.contains(text) else {
            return "not a case of '\(name)' (" + values.joined(separator: ", ") + ")"
        }
        if definition.rawType == .integer, quoted { return "'\(name)' has integer values; write \(text) without quotes" }
        return nil
    }
}
