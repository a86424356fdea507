import CourierSpec

/// One spec file to write: its service settings, models and endpoints.
struct SpecFileDraft {
    /// The file name (`digitalocean.courier.yaml`).
    var fileName: String
    /// The service settings (the name differs per file when split by tag).
    var service: ServiceDraft
    /// Comment lines at the top (without `# `).
    var header: [String] = []
    /// The models declared in this file.
    var models: [ModelDraft] = []
    /// The endpoints declared in this file.
    var endpoints: [EndpointDraft] = []
    /// Whether to mark where the tag changes between endpoints.
    var marksTags = false
}

/// A rendered spec file.
struct RenderedSpec {
    /// The file name.
    var fileName: String
    /// The YAML.
    var text: String
    /// The line of each sample, for taking out samples the generator finds do not fit.
    var sampleLines: [Int: (endpoint: String, status: Int)] = [:]
}

/// Writes spec drafts as YAML: stable order, short forms where they apply, documentation as
/// `summary:`/`description:`, each endpoint's summary as a comment above it too, lines under 120 columns.
struct SpecEmitter {
    private var lines: [String] = []
    private var sampleLines: [Int: (endpoint: String, status: Int)] = [:]

    /// Renders one file.
    static func render(_ file: SpecFileDraft) -> RenderedSpec {
        var emitter = SpecEmitter()
        emitter.write(file)
        return RenderedSpec(fileName: file.fileName, text: emitter.lines.joined(separator: "\n") + "\n", sampleLines: emitter.sampleLines)
    }

    private mutating func add(_ line: String) { lines.append(line) }
    private mutating func add(_ more: [String]) { lines += more }

    private mutating func write(_ file: SpecFileDraft) {
        for line in file.header { add(Self.comment(line, indent: 0)) }
        add("courier: 1")
        add("service: " + YAMLText.scalar(file.service.name))
        if let summary = file.service.summary { add(YAMLText.entry("summary", summary, indent: 0)) }
        if let description = file.service.description { add(YAMLText.entry("description", description, indent: 0)) }
        add("baseURL: " + YAMLText.scalar(file.service.baseURL))
        if !file.service.environments.isEmpty {
            add("environments:")
            for environment in file.service.environments {
                add("  " + environment.name + ": " + YAMLText.scalar(environment.url))
            }
        }
        if let auth = file.service.auth { add("auth: " + YAMLText.scalar(auth)) }
        if !file.service.authSchemes.isEmpty {
            add("authSchemes:")
            for scheme in file.service.authSchemes { writeScheme(scheme) }
        }
        if file.service.linkPagination { add("pagination: link") }
        if let errors = file.service.errors {
            add("errors:")
            add("  model: " + errors.model)
            if !errors.statuses.isEmpty {
                let flow = "  statuses: { " + errors.statuses.map { "\($0.status): \($0.model)" }.joined(separator: ", ") + " }"
                if flow.count <= YAMLText.width {
                    add(flow)
                } else {
                    add("  statuses:")
                    for entry in errors.statuses { add("    \(entry.status): \(entry.model)") }
                }
            }
        }
        if !file.models.isEmpty {
            add("")
            add("models:")
            for (index, model) in file.models.enumerated() {
                let before = lines.count
                writeModel(model)
                if lines.count - before > 1 {
                    // A model of several lines stands apart from its neighbours.
                    if before > 0, lines[before - 1] != "", lines[before - 1] != "models:" { lines.insert("", at: before) }
                    if index < file.models.count - 1 { add("") }
                }
            }
        }
        if !file.endpoints.isEmpty {
            add("")
            add("endpoints:")
            var tag: String?? = .none
            for (index, endpoint) in file.endpoints.enumerated() {
                if file.marksTags, tag != .some(endpoint.tag) {
                    if index > 0, lines.last != "" { add("") }
                    add(Self.comment("== " + (endpoint.tag ?? "untagged") + " ==", indent: 2))
                    tag = .some(endpoint.tag)
                }
                writeEndpoint(endpoint)
                if index < file.endpoints.count - 1 { add("") }
            }
        }
        while lines.last == "" { lines.removeLast() }
    }

    private mutating func writeScheme(_ scheme: AuthSchemeDraft) {
        var parts = ["type: " + scheme.type]
        if let placement = scheme.placement { parts.append("in: " + placement) }
        if let keyName = scheme.keyName { parts.append("name: " + YAMLText.scalar(keyName, flow: true)) }
        if let summary = scheme.summary { parts.append("summary: " + YAMLText.scalar(summary, flow: true)) }
        let flow = "  " + YAMLText.scalar(scheme.name) + ": { " + parts.joined(separator: ", ") + " }"
        if flow.count <= YAMLText.width {
            add(flow)
            return
        }
        add("  " + YAMLText.scalar(scheme.name) + ":")
        add("    type: " + scheme.type)
        if let placement = scheme.placement { add("    in: " + placement) }
        if let keyName = scheme.keyName { add("    name: " + YAMLText.scalar(keyName)) }
        if let summary = scheme.summary { add(YAMLText.entry("summary", summary, indent: 4)) }
    }

    // MARK: Models

    /// Field names that make a short-form model ambiguous (documentation keys, `fields`, `enum`, `union`).
    static let longFormFieldNames: Set<String> = ["summary", "description", "deprecated", "fields", "enum", "union"]

    private mutating func writeModel(_ model: ModelDraft) {
        let name = "  " + model.name + ":"
        switch model.kind {
        case .enumeration(let enumeration):
            add(name)
            writeDocs(model.docs, indent: 4)
            writeEnum(enumeration)
        case .union(let union):
            add(name)
            writeDocs(model.docs, indent: 4)
            add("    union:")
            if let discriminator = union.discriminator { add("      discriminator: " + YAMLText.scalar(discriminator)) }
            let cases = union.cases.map { YAMLText.scalar($0.value, flow: true) + ": " + YAMLText.type($0.type, flow: true) }
            let flow = "      cases: { " + cases.joined(separator: ", ") + " }"
            if flow.count <= YAMLText.width {
                add(flow)
            } else {
                add("      cases:")
                for unionCase in union.cases {
                    add("        " + YAMLText.scalar(unionCase.value) + ": " + YAMLText.type(unionCase.type, flow: false))
                }
            }
        case .object(let fields):
            let long = !model.docs.isEmpty || fields.contains { Self.longFormFieldNames.contains($0.name) }
            if fields.isEmpty {
                add(name + (long ? "" : " {}"))
                if long {
                    writeDocs(model.docs, indent: 4)
                    add("    fields: {}")
                }
                return
            }
            if !long, fields.count <= 4, fields.allSatisfy({ Self.shortField($0, flow: true) != nil }) {
                let flow = name + " { " + fields.compactMap { Self.shortField($0, flow: true) }.joined(separator: ", ") + " }"
                if flow.count <= YAMLText.width, !flow.contains("\""), !flow.contains("'") {
                    add(flow)
                    return
                }
            }
            add(name)
            if long {
                writeDocs(model.docs, indent: 4)
                add("    fields:")
            }
            for field in fields { writeField(field, indent: long ? 6 : 4) }
        }
    }

    private mutating func writeEnum(_ enumeration: EnumDraft) {
        let values = enumeration.cases.map { enumValue($0.value, isInteger: enumeration.isInteger) }
        if enumeration.cases.allSatisfy({ $0.name == nil }) {
            let flow = "    enum: [" + enumeration.cases.map { enumValue($0.value, isInteger: enumeration.isInteger, flow: true) }
                .joined(separator: ", ") + "]"
            if flow.count <= YAMLText.width {
                add(flow)
                return
            }
        }
        add("    enum:")
        for (enumCase, value) in zip(enumeration.cases, values) {
            if let name = enumCase.name {
                add("      - { value: " + enumValue(enumCase.value, isInteger: enumeration.isInteger, flow: true) + ", name: " + name + " }")
            } else {
                add("      - " + value)
            }
        }
    }

    private func enumValue(_ value: String, isInteger: Bool, flow: Bool = false) -> String {
        isInteger ? value : YAMLText.scalar(value, flow: flow)
    }

    /// `name: Type` or `name: Type = default`, when a field needs nothing more.
    private static func shortField(_ field: FieldDraft, flow: Bool) -> String? {
        guard field.key == nil, !field.nullable, field.format == nil, field.docs.isEmpty else { return nil }
        let name = YAMLText.scalar(field.name, flow: flow)
        guard let value = field.defaultValue else { return name + ": " + YAMLText.type(field.type, flow: flow) }
        guard case .scalar(let text, let isText) = value, !field.type.description.hasPrefix("["), !flow else { return nil }
        let whole = field.type.description + " = " + text
        guard YAMLText.canBePlain(text, flow: false, isText: false), !(isText && YAMLText.nonStrings.contains(text)),
              !(isText && SpecValueText.isNumber(text)), !text.contains("="), YAMLText.canBePlain(whole, flow: false, isText: false),
              text.first.map({ !"\"'[{".contains($0) }) ?? false
        else { return nil }
        return name + ": " + whole
    }

    private mutating func writeField(_ field: FieldDraft, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        if let short = Self.shortField(field, flow: false) {
            add(pad + short)
            return
        }
        var parts = ["type: " + YAMLText.type(field.type, flow: true)]
        if let key = field.key { parts.append("key: " + YAMLText.scalar(key, flow: true)) }
        if field.nullable { parts.append("nullable: true") }
        if let value = field.defaultValue { parts.append("default: " + Self.value(value, flow: true)) }
        if let format = field.format { parts.append("format: " + format) }
        let name = pad + YAMLText.scalar(field.name) + ":"
        if field.docs.isEmpty {
            let flow = name + " { " + parts.joined(separator: ", ") + " }"
            if flow.count <= YAMLText.width {
                add(flow)
                return
            }
        }
        add(name)
        add(pad + "  type: " + YAMLText.type(field.type, flow: false))
        if let key = field.key { add(pad + "  key: " + YAMLText.scalar(key)) }
        if field.nullable { add(pad + "  nullable: true") }
        if let value = field.defaultValue { add(pad + "  default: " + Self.value(value, flow: false)) }
        if let format = field.format { add(pad + "  format: " + format) }
        writeDocs(field.docs, indent: indent + 2)
    }

    private static func value(_ value: ValueDraft, flow: Bool) -> String {
        switch value {
        case .scalar(let text, let isText): return YAMLText.scalar(text, flow: flow, isText: isText)
        case .list(let items): return "[" + items.map { Self.value($0, flow: true) }.joined(separator: ", ") + "]"
        }
    }

    private mutating func writeDocs(_ docs: DocDraft, indent: Int) {
        if let summary = docs.summary { add(YAMLText.entry("summary", summary, indent: indent)) }
        if let description = docs.description { add(YAMLText.entry("description", description, indent: indent)) }
        if docs.deprecated { add(String(repeating: " ", count: indent) + "deprecated: true") }
    }

    // MARK: Endpoints

    private mutating func writeEndpoint(_ endpoint: EndpointDraft) {
        if let summary = endpoint.docs.summary { add(Self.comment(summary, indent: 2)) }
        add("  " + endpoint.name + ":")
        add("    " + endpoint.method + ": " + YAMLText.scalar(endpoint.path, isText: false))
        writeDocs(endpoint.docs, indent: 4)
        writeParameters("path", endpoint.pathParameters)
        writeParameters("query", endpoint.queryParameters)
        writeParameters("headers", endpoint.headerParameters)
        switch endpoint.body {
        case .json(let type): add("    body: " + YAMLText.type(type, flow: false))
        case .form(let fields): writeParameters("form", fields, emptyAsMapping: true)
        case .multipart(let parts): writeParameters("multipart", parts, emptyAsMapping: true)
        case .raw(let contentType): add("    raw: " + YAMLText.scalar(contentType))
        case nil: break
        }
        if let response = endpoint.response { add("    response: " + YAMLText.type(response, flow: false)) }
        if !endpoint.media.isEmpty {
            add("    media:")
            for choice in endpoint.media {
                add("      " + choice.name + ": { accept: " + YAMLText.scalar(choice.accept, flow: true) + ", response: "
                    + YAMLText.type(choice.response, flow: true) + " }")
            }
        }
        if let stream = endpoint.stream {
            add("    stream: { " + stream.format.rawValue + ": " + YAMLText.type(stream.element, flow: true) + " }")
        }
        writeParameters("responseHeaders", endpoint.responseHeaders)
        if let auth = endpoint.auth { add("    auth: " + YAMLText.scalar(auth)) }
        if endpoint.paginated { add("    pagination: true") }
        let samples = endpoint.samples.sorted { $0.status < $1.status }
        if let success = samples.first(where: { $0.status == 200 }) {
            sampleLines[lines.count + 1] = (endpoint.name, 200)
            add("    sample: " + YAMLText.scalar(success.file))
        }
        let others = samples.filter { $0.status != 200 }
        if !others.isEmpty {
            add("    samples:")
            for sample in others {
                sampleLines[lines.count + 1] = (endpoint.name, sample.status)
                add("      \(sample.status): " + YAMLText.scalar(sample.file))
            }
        }
    }

    private mutating func writeParameters(_ key: String, _ parameters: [ParameterDraft], emptyAsMapping: Bool = false) {
        guard !parameters.isEmpty else {
            if emptyAsMapping { add("    \(key): {}") }
            return
        }
        let shorts = parameters.map { Self.shortParameter($0, flow: true) }
        if shorts.allSatisfy({ $0 != nil }) {
            let flow = "    \(key): { " + shorts.compactMap { $0 }.joined(separator: ", ") + " }"
            if flow.count <= YAMLText.width, !flow.contains("\"") && !flow.contains("'") {
                add(flow)
                return
            }
        }
        add("    \(key):")
        for parameter in parameters { writeParameter(parameter, indent: 6) }
    }

    private static func shortParameter(_ parameter: ParameterDraft, flow: Bool) -> String? {
        guard parameter.key == nil, parameter.contentType == nil, parameter.format == nil, parameter.docs.isEmpty else { return nil }
        return YAMLText.scalar(parameter.name, flow: flow) + ": " + YAMLText.type(parameter.type, flow: flow)
    }

    private mutating func writeParameter(_ parameter: ParameterDraft, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        if let short = Self.shortParameter(parameter, flow: false) {
            add(pad + short)
            return
        }
        var parts = ["type: " + YAMLText.type(parameter.type, flow: true)]
        if let format = parameter.format { parts.append("format: " + format) }
        if let key = parameter.key { parts.append("key: " + YAMLText.scalar(key, flow: true)) }
        if let contentType = parameter.contentType { parts.append("contentType: " + YAMLText.scalar(contentType, flow: true)) }
        let name = pad + YAMLText.scalar(parameter.name) + ":"
        if parameter.docs.isEmpty {
            let flow = name + " { " + parts.joined(separator: ", ") + " }"
            if flow.count <= YAMLText.width {
                add(flow)
                return
            }
        }
        add(name)
        add(pad + "  type: " + YAMLText.type(parameter.type, flow: false))
        if let format = parameter.format { add(pad + "  format: " + format) }
        if let key = parameter.key { add(pad + "  key: " + YAMLText.scalar(key)) }
        if let contentType = parameter.contentType { add(pad + "  contentType: " + YAMLText.scalar(contentType)) }
        writeDocs(parameter.docs, indent: indent + 2)
    }

    /// A comment line, cut to the width (its first line only).
    static func comment(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        let room = YAMLText.width - indent - 2
        if line.count > room { line = String(line.prefix(room - 1)) + "…" }
        return pad + "# " + line
    }
}

extension YAMLText {
    /// A type as a YAML value: `[Pet]` plain (YAML reads it back as that type), quoted when
    /// optional, a dictionary, or inside `{ }`.
    static func type(_ type: TypeRef, flow: Bool) -> String {
        let text = type.description
        if text.hasPrefix("[") {
            return flow || text.contains("?") || text.contains(":") ? quoted(text) : text
        }
        if flow, text.hasSuffix("?") { return quoted(text) }
        return text
    }
}
