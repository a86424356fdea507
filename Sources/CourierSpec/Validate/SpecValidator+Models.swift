extension SpecValidator {
    /// Checks a model's name, and its fields or cases.
    mutating func checkModel(_ model: Model, models: ModelTable) {
        let name = model.name.value
        if !SwiftName.isIdentifier(name) {
            log.error(
                "model name '\(name)' must be a Swift type name (letters, digits and _, not starting with a digit)",
                at: model.name.location)
        } else if TypeRef.builtins.contains(name) || name == TypeCheck.empty {
            log.error("model name '\(name)' is already a built-in type", at: model.name.location)
        }
        switch model.kind {
        case .object(let fields): checkFields(fields, of: "model '\(name)'", models: models)
        case .enumeration(let definition): checkCases(definition, of: "model '\(name)'")
        }
    }

    private mutating func checkFields(_ fields: [Field], of owner: String, models: ModelTable) {
        var swiftNames: [String: Located<String>] = [:]
        let types = TypeCheck(models: models)
        for field in fields {
            let what = "field '\(field.name.value)' of \(owner)"
            checkIdentifier(field.name, what: "field")
            let swiftName = SwiftName.lowerCamelCase(field.name.value)
            if !SwiftName.becomesIdentifier(field.name.value) {
                // Already reported; comparing unusable names would only add noise.
            } else if let other = swiftNames[swiftName] {
                log.error(
                    "\(what) clashes with field '\(other.value)' (line \(other.location.line)): both become '\(swiftName)'",
                    at: field.name.location)
            } else {
                swiftNames[swiftName] = field.name
            }
            if let key = field.key, key.isEmpty { log.error("the `key` of \(what) is empty", at: field.name.location) }
            let known = types.checkNames(field.type, in: what, log: &log)
            if let format = field.format {
                checkOneOf(format, Self.dateFormats, what: "date format")
                if known, !TypeCheck.involvesDate(field.type.value) {
                    log.warning("`format` only applies to dates, but \(what) is '\(field.type.value)'", at: format.location)
                }
            }
            if known, let value = field.defaultValue {
                DefaultValueCheck(models: models).check(value, type: field.type.value, of: what, log: &log)
            }
        }
    }

    /// Case names (explicit, or derived from values) must be usable and distinct.
    private mutating func checkCases(_ definition: EnumDefinition, of owner: String) {
        var swiftNames: [String: Located<String>] = [:]
        for enumCase in definition.cases {
            let value = enumCase.value
            let swiftName: String
            if let name = enumCase.name {
                checkIdentifier(Located(name, at: value.location), what: "case name")
                swiftName = SwiftName.lowerCamelCase(name)
            } else {
                swiftName = SwiftName.caseName(ofValue: value.value)
                if swiftName.isEmpty {
                    log.error(
                        "value '\(value.value)' of \(owner) has no letters or digits to name its case; "
                            + "name it: { value: '\(value.value)', name: … }",
                        at: value.location)
                    continue
                }
            }
            if let other = swiftNames[swiftName] {
                log.error(
                    "values '\(other.value)' (line \(other.location.line)) and '\(value.value)' of \(owner) both become "
                        + "the case '\(swiftName)'; name one: { value: '\(value.value)', name: … }",
                    at: value.location)
            } else {
                swiftNames[swiftName] = value
            }
        }
    }
}
