import CourierSpec

/// Swift expressions for default values written in a spec (`= available`, `default: []`).
///
/// Every literal is spelled with its type made obvious to the compiler (enum cases as `.case`,
/// floating-point numbers with a decimal point), so generated code type-checks fast.
struct DefaultLiteral {
    /// Resolves model names.
    let speller: TypeSpeller

    /// Why a default could not be spelled.
    struct Failure: Error {
        /// A message for the diagnostic.
        var message: String
    }

    /// The Swift expression for `value` as a `type`.
    func spell(_ value: SpecValue, as type: TypeRef) throws(Failure) -> String {
        if case .null = value {
            guard type.isOptional || type == .named("JSON") else {
                throw Failure(message: "null is not a value of the non-optional type \(type)")
            }
            return type.isOptional ? "nil" : ".null"
        }
        switch type {
        case .optional(let wrapped):
            return try spell(value, as: wrapped)
        case .array(let element):
            guard case .sequence(let items) = value else { throw mismatch(value, type) }
            var parts: [String] = []
            for item in items { parts.append(try spell(item, as: element)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .dictionary(let valueType):
            guard case .mapping(let pairs) = value else { throw mismatch(value, type) }
            if pairs.isEmpty { return "[:]" }
            var parts: [String] = []
            for (key, item) in pairs { parts.append(SwiftLiteral.string(key) + ": " + (try spell(item, as: valueType))) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .named(let name):
            return try named(value, name: name, type: type)
        }
    }

    private func named(_ value: SpecValue, name: String, type: TypeRef) throws(Failure) -> String {
        if name == "JSON" { return json(value) }
        guard case .scalar(let text, let quoted) = value else { throw mismatch(value, type) }
        switch name {
        case "String":
            return SwiftLiteral.string(text)
        case "Int", "Int32", "Int64":
            guard !quoted, let number = Int64(text) else { throw mismatch(value, type) }
            return String(number)
        case "Double", "Float":
            guard !quoted, let number = Double(text), number.isFinite, name == "Double" || Float(text)?.isFinite == true else {
                throw mismatch(value, type)
            }
            return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) + ".0" : "\(number)"
        case "Bool":
            guard !quoted, text == "true" || text == "false" else { throw mismatch(value, type) }
            return text
        default:
            guard let entry = speller.model(type), let enumeration = entry.enumeration else {
                throw Failure(message: "a default value for a \(name) is not supported; leave it out or make the field optional")
            }
            if let caseName = entry.caseNames[text] { return "." + caseName }
            let known = enumeration.cases.map(\.value.value).joined(separator: ", ")
            throw Failure(message: "\(value) is not a case of \(name) (\(known))")
        }
    }

    /// A `JSONValue` expression for any YAML value.
    private func json(_ value: SpecValue) -> String {
        switch value {
        case .null: return ".null"
        case .scalar(let text, let quoted):
            if quoted { return ".string(\(SwiftLiteral.string(text)))" }
            if text == "true" || text == "false" { return ".bool(\(text))" }
            if let whole = Int64(text) { return ".integer(\(whole))" }
            if let number = Double(text), number.isFinite { return ".number(\(number))" }
            return ".string(\(SwiftLiteral.string(text)))"
        case .sequence(let items):
            return ".array([" + items.map(json).joined(separator: ", ") + "])"
        case .mapping(let pairs):
            if pairs.isEmpty { return ".object([:])" }
            return ".object([" + pairs.map { SwiftLiteral.string($0.0) + ": " + json($0.1) }.joined(separator: ", ") + "])"
        }
    }

    private func mismatch(_ value: SpecValue, _ type: TypeRef) -> Failure {
        Failure(message: "default value \(value) is not a \(type)")
    }
}
