import CourierSpec

/// Writes an example value (read as YAML) as JSON text for a sample file: unquoted scalars are
/// numbers, booleans and nulls as YAML 1.2's core schema reads them, everything else is text.
enum JSONText {
    /// Pretty-printed JSON (two spaces, keys in document order), ending with a line break; `nil`
    /// for a value nested deeper than JSON tools like.
    static func render(_ node: DocumentNode) -> String? {
        var text = ""
        guard write(node.yaml, indent: 0, into: &text, depth: 0) else { return nil }
        return text + "\n"
    }

    private static func write(_ node: YAMLNode, indent: Int, into text: inout String, depth: Int) -> Bool {
        guard depth < 100 else { return false }
        switch node.content {
        case .scalar(let scalar):
            text += scalarText(scalar)
        case .sequence(let items):
            if items.isEmpty {
                text += "[]"
                return true
            }
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += String(repeating: " ", count: indent + 2)
                guard write(item, indent: indent + 2, into: &text, depth: depth + 1) else { return false }
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "]"
        case .mapping(let pairs):
            if pairs.isEmpty {
                text += "{}"
                return true
            }
            text += "{\n"
            for (index, pair) in pairs.enumerated() {
                text += String(repeating: " ", count: indent + 2) + string(pair.key) + ": "
                guard write(pair.value, indent: indent + 2, into: &text, depth: depth + 1) else { return false }
                text += index == pairs.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "}"
        }
        return true
    }

    /// A scalar as JSON: `null`, `true`/`false`, a number, or a string.
    static func scalarText(_ scalar: YAMLScalar) -> String {
        guard scalar.isPlain else { return string(scalar.text) }
        if scalar.isNull { return "null" }
        if let flag = SpecValueText.bool(scalar.text) { return flag ? "true" : "false" }
        if SpecValueText.isInteger(scalar.text) {
            var digits = Substring(scalar.text)
            let negative = digits.hasPrefix("-")
            if digits.hasPrefix("-") || digits.hasPrefix("+") { digits = digits.dropFirst() }
            let trimmed = digits.drop { $0 == "0" }
            return (negative && !trimmed.isEmpty ? "-" : "") + (trimmed.isEmpty ? "0" : String(trimmed))
        }
        if SpecValueText.isNumber(scalar.text), let value = Double(scalar.text), value.isFinite {
            var text = scalar.text.hasPrefix("+") ? String(scalar.text.dropFirst()) : scalar.text
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasPrefix("-.") { text = "-0" + text.dropFirst() }
            text = text.replacingDotBeforeExponentOrEnd()
            return text
        }
        return string(scalar.text)
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension String {
    /// `5.` → `5.0`, `5.e3` → `5.0e3` (JSON needs a digit after the point).
    fileprivate func replacingDotBeforeExponentOrEnd() -> String {
        var characters = Array(self)
        var index = 0
        while index < characters.count {
            if characters[index] == ".", index + 1 == characters.count || !characters[index + 1].isNumber {
                characters.insert("0", at: index + 1)
            }
            index += 1
        }
        return String(characters)
    }
}
