/// Checks that the types a spec mentions exist and suit where they are used.
struct TypeCheck {
    /// The response type meaning "no content".
    static let empty = "Empty"
    /// Built-ins that parameters can carry (as text on the wire).
    static let parameterScalars: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "URL", "UUID",
    ]

    /// The models of the load.
    let models: ModelTable

    /// Reports every name in `type` that is neither a built-in nor a model, with a suggestion;
    /// returns whether all names are known. `Empty` is known only where `allowsEmpty`, and only
    /// as the whole type; `File` only where `allowsFile` (bodies, responses and multipart parts,
    /// whose callers check its shape).
    @discardableResult
    func checkNames(
        _ type: Located<TypeRef>, in what: String, allowsEmpty: Bool = false, allowsFile: Bool = false,
        log: inout DiagnosticLog
    ) -> Bool {
        if allowsEmpty, type.value == .named(Self.empty) { return true }
        var allKnown = true
        for name in type.value.names where !TypeRef.builtins.contains(name) && models[name] == nil {
            if name == TypeRef.fileName, allowsFile { continue }
            allKnown = false
            if name == TypeRef.fileName {
                log.error(
                    "`File` is only valid as `body: File`, `response: File` or the type of a `multipart:` part, "
                        + "not in \(what)" + (what.hasPrefix("field") ? " (a model travels as JSON; use Data for bytes in it)" : ""),
                    at: type.location)
                continue
            }
            if name == Self.empty {
                log.error("`Empty` is only valid as a whole response type, not in \(what)", at: type.location)
                continue
            }
            if ["Void", "()", "Nothing", "None"].contains(name), allowsEmpty {
                log.error(
                    "unknown type '\(name)' in \(what); for a response without content write `Empty` (or leave `response:` out)",
                    at: type.location)
                continue
            }
            var candidates = Array(TypeRef.builtins) + Array(models.names)
            if allowsEmpty { candidates.append(Self.empty) }
            if allowsFile { candidates.append(TypeRef.fileName) }
            log.error("unknown type '\(name)' in \(what)" + Suggestion.didYouMean(name, among: candidates), at: type.location)
        }
        return allKnown
    }

    /// Whether `type` can travel as a parameter: a scalar or enum, or (where `allowsLists`) a
    /// list of them (whose elements are not optional: a list item is sent or not at all);
    /// optional or not.
    func isParameterType(_ type: TypeRef, allowsLists: Bool) -> Bool {
        switch type.nonOptional {
        case .named(let name): Self.parameterScalars.contains(name) || models.enumeration(name) != nil
        case .array(let element): allowsLists && !element.isOptional && isParameterType(element, allowsLists: false)
        case .optional, .dictionary: false
        }
    }

    /// Whether `type` is a date, possibly optional or in a list or dictionary (where a
    /// `format:` applies).
    static func involvesDate(_ type: TypeRef) -> Bool {
        type.names == ["Date"]
    }
}
