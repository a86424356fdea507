extension SpecValidator {
    /// Checks a model's name, and its fields or cases; `snakeCase` is whether its spec has
    /// `keys: snakeCase`.
    mutating func checkModel(_ model: Model, models: ModelTable, snakeCase: Bool) {
        let name = model.name.value
        if !SwiftName.isIdentifier(name) {
            log.error(
                "model name '\(name)' must be a Swift type name (letters, digits and _, not starting with a digit)",
                at: model.name.location)
        } else if TypeRef.builtins.contains(name) || name == TypeCheck.empty || name == TypeRef.fileName {
            log.error("model name '\(name)' is already a built-in type", at: model.name.location)
        }
        switch model.kind {
        case .object(let fields): checkFields(fields, of: "model '\(name)'", models: models, snakeCase: snakeCase)
        case .enumeration(let definition): checkCases(definition, of: "model '\(name)'")
        case .union(let definition): checkUnion(definition, of: "union '\(name)'", models: models)
        }
    }

    private mutating func checkFields(_ fields: [Field], of owner: String, models: ModelTable, snakeCase: Bool) {
        var swiftNames: [String: Located<String>] = [:]
        var codingKeys: [String: Located<String>] = [:]
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
                checkWireKey(of: field, what: what, snakeCase: snakeCase, seen: &codingKeys)
            }
            if let key = field.key, key.isEmpty { log.error("the `key` of \(what) is empty", at: field.name.location) }
            let known = types.checkNames(field.type, in: what, log: &log)
            if let format = field.format {
                if known, !TypeCheck.involvesDate(field.type.value) {
                    log.warning("`format` only applies to dates, but \(what) is '\(field.type.value)'", at: format.location)
                }
            }
            if field.nullable, let place = field.defaultValue?.location {
                log.error("\(what) is `nullable: true`, which takes no `default`", at: place)
            }
            if known, let value = field.defaultValue {
                DefaultValueCheck(models: models).check(value, type: field.type.value, of: what, log: &log)
            }
        }
    }

    /// Two fields travelling under one JSON key (`title: { key: name }` beside `name`, or `userID`
    /// beside `user_id` with `keys: snakeCase`) would be one coding key twice: the generated code
    /// does not compile, or one field's value is lost. With `keys: snakeCase`, a `key:` that the
    /// encoder's conversion changes (`ownerID` → `owner_id`) is a warning.
    private mutating func checkWireKey(of field: Field, what: String, snakeCase: Bool, seen: inout [String: Located<String>]) {
        if let key = field.key, key.isEmpty { return }
        let codingKey = SnakeCaseKeys.codingKey(name: field.name.value, key: field.key, snakeCase: snakeCase)
        if snakeCase, let key = field.key, SnakeCaseKeys.toSnakeCase(codingKey) != key {
            // The decoder of `keys: snakeCase` reads `ownerID` as it is, but its encoder writes the
            // coding key converted: `owner_id`.
            log.warning(
                "\(what) has `key: \(key)`, which `keys: snakeCase` decodes but encodes as "
                    + "'\(SnakeCaseKeys.toSnakeCase(codingKey))'; write the key as the encoder does, or use "
                    + "`keys: useDefaultKeys` with a `key:` for each field that differs",
                at: field.name.location)
        }
        guard let other = seen[codingKey] else {
            seen[codingKey] = field.name
            return
        }
        let travels = snakeCase ? SnakeCaseKeys.toSnakeCase(codingKey) : codingKey
        log.error(
            "\(what) and field '\(other.value)' (line \(other.location.line)) both travel as '\(travels)'; "
                + "give one of them another `key:`",
            at: field.name.location)
    }

    /// Union cases name known types with distinct Swift names, and (tried in order) distinct
    /// types; with a discriminator, each case is an object model with that field as a String (so
    /// it encodes back the same), and several values may name one model.
    private mutating func checkUnion(_ union: UnionDefinition, of owner: String, models: ModelTable) {
        let types = TypeCheck(models: models)
        var swiftNames: [String: Located<String>] = [:]
        var seenTypes: [TypeRef: Located<String>] = [:]
        for unionCase in union.cases {
            let value = unionCase.value
            let swiftName = SwiftName.caseName(ofValue: value.value)
            if swiftName.isEmpty {
                log.error("case '\(value.value)' of \(owner) has no letters or digits to name it", at: value.location)
            } else if let other = swiftNames[swiftName] {
                log.error(
                    "cases '\(other.value)' (line \(other.location.line)) and '\(value.value)' of \(owner) both become "
                        + "the case '\(swiftName)'",
                    at: value.location)
            } else {
                swiftNames[swiftName] = value
            }
            // A discriminator tells cases holding one model apart (`closed` and `reopened` events
            // sharing a schema); tried in order, the second such case could never match.
            if union.discriminator == nil, let other = seenTypes[unionCase.type.value] {
                log.error(
                    "cases '\(other.value)' (line \(other.location.line)) and '\(value.value)' of \(owner) both hold "
                        + "'\(unionCase.type.value)'; a value could never decode as the second",
                    at: unionCase.type.location)
            } else {
                seenTypes[unionCase.type.value] = value
            }
            guard types.checkNames(unionCase.type, in: "case '\(value.value)' of \(owner)", log: &log) else { continue }
            guard let discriminator = union.discriminator else { continue }
            guard case .named(let name) = unionCase.type.value, let fields = models.fields(of: name) else {
                log.error(
                    "case '\(value.value)' of \(owner) holds '\(unionCase.type.value)', but a union with a discriminator "
                        + "holds models with fields (the discriminator '\(discriminator.value)' is one of them)",
                    at: unionCase.type.location)
                continue
            }
            guard let field = fields.first(where: { ($0.key ?? $0.name.value) == discriminator.value }) else {
                log.error(
                    "model '\(name)' (case '\(value.value)' of \(owner)) has no field '\(discriminator.value)', the "
                        + "discriminator; add `\(discriminator.value): String` so the value encodes back with it",
                    at: unionCase.type.location)
                continue
            }
            if field.type.value != .named("String") {
                log.error(
                    "the discriminator '\(discriminator.value)' of \(owner) must be a String field of '\(name)', "
                        + "not '\(field.type.value)'",
                    at: field.type.location)
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
