import CourierGenerator
import CourierSpec
import Foundation

/// Path, query and header parameters of one operation, with their styles.
///
/// Courier sends a query list as the name repeated (`form`, `explode: true`, OpenAPI's default
/// for queries) and a path or header list joined with commas (`simple`, the default there);
/// query objects are sent as their properties (`form`) or as `name[property]` (`deepObject`).
/// Other styles become text the caller formats, and say so in the report.
struct ParameterConverter {
    /// The document's files.
    let documents: DocumentSet
    /// Where types come from.
    let schemas: SchemaConverter
    /// The endpoint's name as a type name, for naming inline enums.
    let endpointType: String
    /// The log.
    var log: ImportLog { documents.log }

    /// Scalars a parameter may hold.
    static let parameterScalars: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "URL", "UUID"]
    /// Request headers OpenAPI says to ignore as parameters.
    static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// Converts the path item's parameters and the operation's own (which replace those of the
    /// same name and place), into `endpoint`.
    mutating func convert(
        shared: [DocumentNode], own: [DocumentNode], path: String, operation: DocumentNode, into endpoint: inout EndpointDraft
    ) {
        var all: [(key: String, node: DocumentNode)] = []
        for node in shared + own {
            guard let parameter = documents.deref(node) else { continue }
            guard let name = parameter.string("name"), let place = parameter.string("in") else {
                log.approximation("parameter", parameter, "a parameter without `name` and `in`; left out")
                continue
            }
            let key = place + ":" + name
            if let index = all.firstIndex(where: { $0.key == key }) {
                all[index].node = parameter
            } else {
                all.append((key, parameter))
            }
        }
        for (_, parameter) in all { add(parameter, to: &endpoint) }
        completePath(path, operation: operation, endpoint: &endpoint)
    }

    private mutating func add(_ parameter: DocumentNode, to endpoint: inout EndpointDraft) {
        guard let name = parameter.string("name"), let place = parameter.string("in") else { return }
        let required = place == "path" || parameter.bool("required") == true
        var docs = DocDraft.from(description: parameter.string("description"), deprecated: parameter.bool("deprecated") == true)
        switch place {
        case "cookie":
            log.approximation("cookie", parameter, "cookie parameter '\(name)' left out: Courier sends no per-call cookies")
            return
        case "header" where Self.ignoredHeaders.contains(name.lowercased()):
            return
        case "path", "query", "header":
            break
        default:
            log.approximation("parameter", parameter["in"] ?? parameter, "parameters `in: \(place)` are not supported; '\(name)' left out")
            return
        }
        let style = parameter.string("style") ?? (place == "query" ? "form" : "simple")
        let explode = parameter.bool("explode") ?? (style == "form")
        if parameter.bool("allowReserved") == true {
            log.approximation("parameterStyle", parameter, "allowReserved: reserved characters of '\(name)' are percent-encoded anyway")
        }
        var drafts: [ParameterDraft] = []
        if let content = parameter["content"] {
            let media = content.keys.first ?? "?"
            log.approximation(
                "parameter", content, "'\(name)' carries \(media) content: a String the caller encodes (such as JSON text)")
            drafts = [ParameterDraft(name: name, type: .named("String"), docs: docs)]
        } else if let schema = parameter["schema"] {
            drafts = typed(name: name, place: place, style: style, explode: explode, schema: schema, required: required, docs: &docs, source: parameter)
        } else {
            log.approximation("parameter", parameter, "'\(name)' has no schema: a String")
            drafts = [ParameterDraft(name: name, type: .named("String"), docs: docs)]
        }
        for var draft in drafts {
            if !required, !draft.type.isOptional { draft.type = .optional(draft.type) }
            switch place {
            case "path": endpoint.pathParameters.append(draft)
            case "query": endpoint.queryParameters.append(draft)
            default: endpoint.headerParameters.append(draft)
            }
        }
    }

    /// The parameter as Courier can send it: one or several (an exploded object) parameters.
    private mutating func typed(
        name: String, place: String, style: String, explode: Bool, schema: DocumentNode, required: Bool,
        docs: inout DocDraft, source: DocumentNode
    ) -> [ParameterDraft] {
        let text = [ParameterDraft(name: name, type: .named("String"), docs: docs)]
        guard let shape = schemas.shape(of: schema) else { return text }
        switch shape {
        case .object, .dictionary:
            guard place == "query", style == "deepObject" || (style == "form" && explode), case .object = shape,
                  let resolved = documents.deref(schema)
            else {
                log.approximation(
                    "parameterStyle", source,
                    "'\(name)' is an object sent with style \(style)\(explode ? "" : ", explode: false"): a String the caller formats")
                return text
            }
            let parts = schemas.objectParts(resolved)
            var drafts: [ParameterDraft] = []
            for (property, node) in parts.properties {
                let wire = style == "deepObject" ? "\(name)[\(property)]" : property
                guard let (type, format) = scalarType(node, hint: [NameRegistry.typeName(property), endpointType + NameRegistry.typeName(property)]) else {
                    log.approximation("parameter", node, "'\(wire)' is not a scalar: a String the caller formats")
                    drafts.append(ParameterDraft(name: wire, type: .named("String")))
                    continue
                }
                var draft = ParameterDraft(name: wire, type: type, format: format)
                if !(required && parts.required.contains(property)) { draft.type = .optional(type) }
                drafts.append(draft)
            }
            return drafts
        case .array(let items):
            let hint = [NameRegistry.typeName(name), endpointType + NameRegistry.typeName(name)]
            guard let items, let (element, format) = scalarType(items, hint: hint) else {
                log.approximation("parameter", schema, "'\(name)' is a list of values that are not scalars: a String the caller formats")
                return text
            }
            let exact = (place == "query" && style == "form" && explode) || (place == "header" && style == "simple")
            guard exact else {
                let separator = ["spaceDelimited": "spaces", "pipeDelimited": "'|'"][style] ?? "commas"
                log.approximation(
                    "parameterStyle", source,
                    "'\(name)' is a list in a \(place) with style \(style)\(explode ? "" : ", explode: false"): "
                        + "a String the caller joins with \(separator)")
                return text
            }
            return [ParameterDraft(name: name, type: .array(element), format: format, docs: docs)]
        default:
            if place == "path", style != "simple" {
                log.approximation("parameterStyle", source, "path parameter '\(name)' with style \(style): sent as a plain segment")
            }
            let hint = [NameRegistry.typeName(name), endpointType + NameRegistry.typeName(name)]
            guard let (type, format) = scalarType(schema, hint: hint) else {
                log.approximation("parameter", schema, "'\(name)' is not a scalar, an enum or a list of them: a String the caller formats")
                return text
            }
            return [ParameterDraft(name: name, type: type, format: format, docs: docs)]
        }
    }

    /// A scalar or enum type for a parameter, with `format: date` for a date sent as a day; `nil`
    /// when the schema is neither.
    private func scalarType(_ schema: DocumentNode, hint: [String]) -> (type: TypeRef, format: String?)? {
        let converted = schemas.type(of: schema, hint: hint)
        guard case .named(let type) = converted.type else { return nil }
        if converted.dateOnly { return (converted.type, "date") }
        if Self.parameterScalars.contains(type) { return (converted.type, nil) }
        if let index = schemas.modelIndex[type], case .enumeration = schemas.models[index].kind { return (converted.type, nil) }
        return nil
    }

    /// Declares placeholders the path uses but no parameter names (as `String`), and drops path
    /// parameters the path does not use.
    private func completePath(_ path: String, operation: DocumentNode, endpoint: inout EndpointDraft) {
        let placeholders = Self.placeholders(in: path)
        for placeholder in placeholders where !endpoint.pathParameters.contains(where: { $0.name == placeholder }) {
            endpoint.pathParameters.append(ParameterDraft(name: placeholder, type: .named("String")))
            log.approximation("parameter", operation, "path parameter '\(placeholder)' of \(path) is not declared: a String")
        }
        for parameter in endpoint.pathParameters where !placeholders.contains(parameter.name) {
            log.approximation("parameter", operation, "path parameter '\(parameter.name)' is not in the path \(path); left out")
        }
        endpoint.pathParameters.removeAll { !placeholders.contains($0.name) }
        endpoint.pathParameters.sort { (placeholders.firstIndex(of: $0.name) ?? 0) < (placeholders.firstIndex(of: $1.name) ?? 0) }
    }

    /// The `{name}`s of a path template, in order.
    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Gives every argument of the endpoint (path, query, header parameters, form fields and
    /// multipart parts) a name that camel-cases to one no other argument has; the wire name moves
    /// to `key:` (a path placeholder is renamed in the path instead).
    static func nameArguments(_ endpoint: inout EndpointDraft) {
        var used: Set<String> = []
        switch endpoint.body {
        case .json, .raw: used.insert("body")
        default: break
        }
        if !endpoint.media.isEmpty { used.insert("media") }
        func claim(_ draft: inout ParameterDraft, renamesPath: Bool) -> String? {
            let original = draft.name
            let camel = SwiftName.lowerCamelCase(original)
            // A keyword (`private`) would be escaped where the generated client passes it on, which warns.
            if SwiftName.becomesIdentifier(original), !NameRegistry.keywords.contains(camel), used.insert(camel).inserted {
                return nil
            }
            let base = NameRegistry.memberName(original)
            var candidate = base
            var number = 2
            while !used.insert(SwiftName.lowerCamelCase(candidate)).inserted {
                candidate = base + String(number)
                number += 1
            }
            draft.name = candidate
            if !renamesPath { draft.key = original }
            return candidate
        }
        for index in endpoint.pathParameters.indices {
            let original = endpoint.pathParameters[index].name
            if let renamed = claim(&endpoint.pathParameters[index], renamesPath: true) {
                endpoint.path = endpoint.path.replacingOccurrences(of: "{\(original)}", with: "{\(renamed)}")
            }
        }
        for index in endpoint.queryParameters.indices { _ = claim(&endpoint.queryParameters[index], renamesPath: false) }
        for index in endpoint.headerParameters.indices {
            if !endpoint.headerParameters[index].name.unicodeScalars.allSatisfy(Self.isTokenCharacter) {
                endpoint.headerParameters[index].key = endpoint.headerParameters[index].name
                endpoint.headerParameters[index].name = NameRegistry.memberName(endpoint.headerParameters[index].name)
            }
            _ = claim(&endpoint.headerParameters[index], renamesPath: false)
        }
        switch endpoint.body {
        case .form(var fields):
            for index in fields.indices { _ = claim(&fields[index], renamesPath: false) }
            endpoint.body = .form(fields)
        case .multipart(var parts):
            for index in parts.indices { _ = claim(&parts[index], renamesPath: false) }
            endpoint.body = .multipart(parts)
        default:
            break
        }
    }

    /// RFC 9110 token characters, which header names are made of.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) { return true }
        return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }
}
