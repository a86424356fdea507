import Foundation
import CourierSpec

extension SpecTranslation {
    /// A model's render model, or `nil` (with an error logged) when it cannot be generated.
    mutating func translateModel(_ model: Model) -> ModelRender? {
        guard let entry = speller.models[model.name.value], entry.namespace == namespace else { return nil }
        switch model.kind {
        case .object(let fields):
            return translateObject(model, typeName: entry.typeName, fields: fields).map { ModelRender(object: $0) }
        case .enumeration(let definition):
            return ModelRender(enumeration: translateEnum(model, typeName: entry.typeName, definition: definition))
        case .union(let definition):
            return translateUnion(model, typeName: entry.typeName, definition: definition).map { ModelRender(union: $0) }
        }
    }

    private mutating func translateUnion(_ model: Model, typeName: String, definition: UnionDefinition) -> UnionRender? {
        var scope = NameScope(reserved: ["unknown", "hashValue"])
        var cases: [UnionCaseRender] = []
        for unionCase in definition.cases {
            guard let type = speller.local(unionCase.type.value) else {
                unvalidated("unknown type '\(unionCase.type.value)' in union '\(model.name.value)'", at: unionCase.type.location)
                return nil
            }
            let docs = definition.discriminator.map {
                DocComment.sentence("`\(DocComment.code($0.value))` is `\(DocComment.code(unionCase.value.value))`.")
            } ?? ["/// A `\(type)`."]
            var rendered = UnionCaseRender(
                name: scope.claim(SwiftIdentifier.enumCase(unionCase.value.value)), type: type,
                wireValueLiteral: SwiftLiteral.string(unionCase.value.value), docs: docs)
            rendered.source = Self.source(unionCase.value.location)
            cases.append(rendered)
        }
        let key = definition.discriminator.map { discriminator in
            spec.keyStrategy?.value == .snakeCase ? SnakeCaseKeys.fromSnakeCase(discriminator.value) : discriminator.value
        }
        let typeList = cases.map(\.type).joined(separator: ", ")
        var union = UnionRender(
            typeName: typeName,
            docs: DocComment.lines(model.documentation, noteDeprecation: !availabilityIsSafe(model)),
            attributes: availabilityIsSafe(model) ? DocComment.availability(model.documentation) : [],
            discriminatorKey: key.map { [SwiftLiteral.string($0)] } ?? [],
            discriminatorName: DocComment.code(definition.discriminator?.value ?? ""),
            cases: cases,
            mismatchLiteral: SwiftLiteral.string("Expected one of \(typeList) (\(typeName) tries them in this order)"))
        union.hashable = speller.hashableModels.contains(model.name.value)
        union.source = Self.source(model.name.location)
        return union
    }

    private mutating func translateObject(_ model: Model, typeName: String, fields: [Field]) -> ObjectRender? {
        var scope = NameScope(reserved: ["hashValue", "fieldsEqual", "fieldEqual"])
        var rendered: [FieldRender] = []
        var failed = false
        for field in fields {
            guard var render = translateField(field, scope: &scope) else {
                failed = true
                continue
            }
            render.isIndirect = speller.indirectFields.contains(model.name.value + "." + field.name.value)
            render.source = Self.source(field.name.location)
            rendered.append(render)
        }
        if failed { return nil }
        var object = ObjectRender(
            typeName: typeName,
            docs: DocComment.lines(model.documentation, noteDeprecation: !availabilityIsSafe(model)),
            attributes: availabilityIsSafe(model) ? DocComment.availability(model.documentation) : [],
            fields: rendered)
        object.hashable = speller.hashableModels.contains(model.name.value)
        object.source = Self.source(model.name.location)
        return object
    }

    /// The raw value of a field's coding key. With `keys: snakeCase` the decoder converts wire
    /// keys before matching them, so the key is the converted form of the wire name.
    private func codingKey(for field: Field) -> String {
        guard spec.keyStrategy?.value == .snakeCase else { return field.key ?? field.name.value }
        return SnakeCaseKeys.fromSnakeCase(field.key ?? SnakeCaseKeys.toSnakeCase(field.name.value))
    }

    private mutating func translateField(_ field: Field, scope: inout NameScope) -> FieldRender? {
        let type = field.type.value
        guard let swiftType = speller.local(type), let decodeType = speller.local(type.nonOptional) else {
            unvalidated("unknown type '\(type)' for field '\(field.name.value)'", at: field.type.location)
            return nil
        }
        let name = scope.claim(SwiftIdentifier.member(field.name.value))
        let key = codingKey(for: field)
        var defaultValue: [String] = []
        var fallback: [String] = []
        if let value = field.defaultValue {
            do {
                let literal = try DefaultLiteral(speller: speller).spell(value.value, as: type)
                defaultValue = [literal]
                if literal != "nil" { fallback = [literal] }
            } catch {
                log.error(error.message, at: value.location)
                return nil
            }
        } else if type.isOptional {
            defaultValue = ["nil"]
        }
        var format: [String] = []
        if let spelled = dateFormat(field.format) {
            // Kept here: the validator allows `format:` on any type holding dates, but the
            // generated coding applies a format to a single `Date` field only.
            guard type.nonOptional == .named("Date") else {
                log.error("a date format applies only to Date fields, not \(type)", at: field.format?.location ?? field.type.location)
                return nil
            }
            format = [spelled]
        }
        if field.nullable {
            return translateNullableField(field, name: name, key: key, decodeType: decodeType, format: format)
        }
        let lenient = type.isOptional || !fallback.isEmpty
        let base64 = Self.base64Decoding(type.nonOptional)
        // Scalars go through Courier's helpers for their type (`readInt64`, `writeStringIfPresent`),
        // which call the decoder's own method for it: faster than the generic `read`.
        let scalar = base64 == nil && format.isEmpty && Self.scalarCodingTypes.contains(decodeType) ? decodeType : nil
        return FieldRender(
            name: name,
            // Fields cannot carry `@available(deprecated)`: the generated init and coding use them.
            docs: DocComment.lines(field.documentation, noteDeprecation: true),
            type: swiftType,
            defaultValue: defaultValue,
            renamedKey: key == SwiftIdentifier.plain(name) ? [] : [SwiftLiteral.string(key)],
            wireKey: SwiftLiteral.string(key),
            decodeMethod: "read" + (scalar ?? "") + (lenient ? "IfPresent" : ""),
            encodeMethod: "write" + (scalar ?? "") + (type.isOptional ? "IfPresent" : ""),
            decodeType: base64?.type ?? decodeType,
            decodeTypeArgument: scalar == nil ? [base64?.type ?? decodeType] : [],
            decodeFallback: fallback,
            base64: base64.map { [Base64Render(shape: $0.shape, isLenient: lenient)] } ?? [],
            dateFormat: format)
    }

    /// A `nullable: true` field: `T?` whose key must be present (`null` is `nil`) for a
    /// non-optional type, `Nullable<T>?` (missing, `null` or a value) for an optional one.
    private mutating func translateNullableField(
        _ field: Field, name: String, key: String, decodeType: String, format: [String]
    ) -> FieldRender? {
        // The validator reports a nullable field with a default.
        if field.defaultValue != nil { return nil }
        let optional = field.type.value.isOptional
        // A date with a format of its own goes through the date helpers, which take the format.
        let plainWrite = format.isEmpty ? "write" : "writeNullable"
        return FieldRender(
            name: name,
            docs: DocComment.lines(field.documentation, noteDeprecation: true),
            type: optional ? "Nullable<\(decodeType)>?" : decodeType + "?",
            defaultValue: optional ? ["nil"] : [],
            renamedKey: key == SwiftIdentifier.plain(name) ? [] : [SwiftLiteral.string(key)],
            wireKey: SwiftLiteral.string(key),
            decodeMethod: optional ? "readNullableIfPresent" : "readNullable",
            encodeMethod: optional ? "writeNullableIfPresent" : plainWrite,
            decodeType: decodeType,
            decodeFallback: [],
            dateFormat: format,
            isNullable: true)
    }

    /// The field types Courier codes with a helper of their own (`readInt64`, `writeBoolIfPresent`):
    /// the ones every decoder and encoder has a method for.
    static let scalarCodingTypes: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool"]

    /// How a field holding `Data` decodes through `Base64Data` (which reads base64 wrapped in
    /// lines): the type to decode and the shape the template turns into the field's type. `nil` for
    /// other types; `Data` nested deeper than one list or dictionary keeps the decoder's strategy.
    static func base64Decoding(_ type: TypeRef) -> (type: String, shape: Base64Render.Shape)? {
        switch type {
        case .named("Data"): ("Base64Data", .value)
        case .array(.named("Data")): ("[Base64Data]", .list)
        case .dictionary(.named("Data")): ("[String: Base64Data]", .dictionary)
        default: nil
        }
    }

    private mutating func translateEnum(_ model: Model, typeName: String, definition: EnumDefinition) -> EnumRender {
        let names = Translator.caseNames(definition)
        var seen: Set<String> = []
        var cases: [EnumCaseRender] = []
        for enumCase in definition.cases where seen.insert(enumCase.value.value).inserted {
            let raw: String
            switch definition.rawType {
            case .string:
                raw = SwiftLiteral.string(enumCase.value.value)
            case .integer:
                // Kept here: the parser takes any run of digits as an integer; the generated raw
                // value must also fit an Int64.
                guard let number = Int64(enumCase.value.value) else {
                    log.error("'\(enumCase.value.value)' is not an integer", at: enumCase.value.location)
                    continue
                }
                raw = String(number)
            }
            let wouldBe = enumCase.name.map(SwiftIdentifier.member) ?? SwiftIdentifier.enumCase(enumCase.value.value)
            if wouldBe == "none" {
                log.warning(
                    "enum case '\(enumCase.value.value)' of '\(model.name.value)' is generated as '\(names[enumCase.value.value] ?? Translator.renamedNone)', "
                        + "not 'none': `status == .none` on an optional \(typeName) would compare with Optional.none; "
                        + "choose another name with `{ value: \(enumCase.value.value), name: … }`",
                    at: enumCase.value.location)
            }
            var rendered = EnumCaseRender(
                name: names[enumCase.value.value] ?? SwiftIdentifier.enumCase(enumCase.value.value),
                docs: DocComment.lines(enumCase.documentation, noteDeprecation: true),
                rawLiteral: raw)
            rendered.source = Self.source(enumCase.value.location)
            cases.append(rendered)
        }
        var enumeration = EnumRender(
            typeName: typeName,
            docs: DocComment.lines(model.documentation, noteDeprecation: !availabilityIsSafe(model)),
            attributes: availabilityIsSafe(model) ? DocComment.availability(model.documentation) : [],
            rawType: definition.rawType.rawValue,
            cases: cases)
        enumeration.source = Self.source(model.name.location)
        return enumeration
    }

    /// Whether a deprecated model can carry `@available(*, deprecated)` without making generated
    /// code warn: only when no other generated declaration mentions it. Otherwise the deprecation
    /// is a doc-comment note.
    private func availabilityIsSafe(_ model: Model) -> Bool {
        guard model.documentation.deprecated != nil else { return true }
        return !speller.referencedNames.contains(model.name.value)
    }
}
