import CourierGenerator
import CourierSpec
import Foundation

/// What an operation's `responses` become.
struct ResponseOutcome {
    /// The success response's type (`nil`: no content).
    var response: TypeRef?
    /// Media choices, when the success response comes in several media types of different types.
    var media: [MediaDraft] = []
    /// The streamed success response, when its only media types are streams.
    var stream: StreamDraft?
    /// The success response's headers.
    var headers: [ParameterDraft] = []
    /// The success response's JSON example.
    var samples: [SampleDraft] = []
    /// A list answered with a `Link` header.
    var linkPaginated = false
    /// The error responses.
    var errors: [(status: String, type: TypeRef?, source: DocumentNode, example: DocumentNode?)] = []
}

/// Request bodies (JSON, form, multipart, raw) and responses of one operation.
struct BodyConverter {
    /// The document's files.
    let documents: DocumentSet
    /// Where types come from.
    let schemas: SchemaConverter
    /// The endpoint's name as a type name, for naming inline models.
    let endpointType: String
    /// The log.
    var log: ImportLog { documents.log }

    /// What a media type is, for choosing among several.
    enum MediaKind: Int, Comparable {
        case json, any, form, multipart, text, other

        static func < (lhs: MediaKind, rhs: MediaKind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The kind of a media type (`application/json; charset=utf-8` is JSON, so is `…+json`).
    static func kind(of mediaType: String) -> MediaKind {
        let base = mediaType.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if base == "application/json" || base.hasSuffix("+json") || base == "text/json" { return .json }
        if base == "*/*" || base == "application/*" { return .any }
        if base == "application/x-www-form-urlencoded" { return .form }
        if base == "multipart/form-data" { return .multipart }
        if base.hasPrefix("text/") { return .text }
        return .other
    }

    // MARK: Request bodies

    /// The request body: JSON, form fields, multipart parts or raw bytes, from the first media type
    /// in that order of preference (the others are reported).
    mutating func requestBody(_ node: DocumentNode) -> BodyDraft? {
        guard let body = documents.deref(node), let content = body["content"], let pairs = content.pairs, !pairs.isEmpty else {
            return nil
        }
        let ranked = pairs.enumerated().sorted { left, right in
            let (a, b) = (Self.kind(of: left.element.key), Self.kind(of: right.element.key))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        let chosen = ranked[0]
        for other in pairs where other.key != chosen.key {
            log.approximation("requestBody", other.value, "the body may also be \(other.key); only \(chosen.key) is generated")
        }
        let schema = chosen.value["schema"]
        switch Self.kind(of: chosen.key) {
        case .json:
            return .json(jsonType(schema, hint: endpointType + "Request"))
        case .any:
            if let schema, let shape = schemas.shape(of: schema), case .scalar = shape {
                log.approximation("requestBody", chosen.value, "a body of any media type: raw bytes sent as application/octet-stream")
                return .raw("application/octet-stream")
            }
            return .json(jsonType(schema, hint: endpointType + "Request"))
        case .form:
            return form(schema, mediaType: chosen.key, source: chosen.value)
        case .multipart:
            return multipart(schema, encoding: chosen.value["encoding"], mediaType: chosen.key, source: chosen.value)
        case .text, .other:
            return .raw(chosen.key)
        }
    }

    /// What a JSON schema decodes to (`JSON` without a schema), dates written as dates.
    func jsonType(_ schema: DocumentNode?, hint: String) -> TypeRef {
        guard let schema else { return .named("JSON") }
        let converted = schemas.type(of: schema, hint: [hint])
        return converted.dateOnly ? SchemaConverter.replacingDate(in: converted.type) : converted.type
    }

    private func form(_ schema: DocumentNode?, mediaType: String, source: DocumentNode) -> BodyDraft {
        guard let schema, let resolved = documents.deref(schema), SchemaReading.isObjectLike(resolved, documents: documents, depth: 0)
        else {
            log.approximation("requestBody", source, "a form body that is not an object: raw bytes of \(mediaType)")
            return .raw(mediaType)
        }
        let parts = schemas.objectParts(resolved)
        var fields: [ParameterDraft] = []
        for (property, node) in parts.properties {
            let converted = schemas.type(of: node, hint: [endpointType + NameRegistry.typeName(property)])
            noteReadOnly(converted, property: property, source: node)
            var type = formType(converted)
            if type == nil {
                log.approximation("requestBody", node, "form field '\(property)' is not a scalar, an enum or a list of them: a String")
                type = .named("String")
            }
            var field = ParameterDraft(name: property, type: type ?? .named("String"), docs: converted.docs)
            if converted.dateOnly, type?.holdsDate == true { field.format = "date" }
            if !parts.required.contains(property) { field.type = .optional(field.type) }
            fields.append(field)
        }
        return .form(fields)
    }

    /// Reports a `readOnly` property of a form or multipart body, which Courier sends like any other.
    private func noteReadOnly(_ converted: SchemaType, property: String, source: DocumentNode) {
        guard converted.readOnly else { return }
        log.approximation(
            "readOnly", source, "readOnly has no Courier equivalent: '\(property)' is a request field like any other")
    }

    /// A scalar, enum or list of those, as form fields and text parts take.
    private func formType(_ converted: SchemaType) -> TypeRef? {
        func isScalar(_ type: TypeRef) -> Bool {
            guard case .named(let name) = type else { return false }
            if ParameterConverter.parameterScalars.contains(name) { return true }
            if let index = schemas.modelIndex[name], case .enumeration = schemas.models[index].kind { return true }
            return false
        }
        switch converted.type {
        case .named: return isScalar(converted.type) ? converted.type : nil
        case .array(let element): return isScalar(element) ? converted.type : nil
        default: return nil
        }
    }

    private func multipart(_ schema: DocumentNode?, encoding: DocumentNode?, mediaType: String, source: DocumentNode) -> BodyDraft? {
        guard let schema, let resolved = documents.deref(schema), SchemaReading.isObjectLike(resolved, documents: documents, depth: 0)
        else {
            log.approximation("requestBody", source, "a multipart body without an object schema: raw bytes of \(mediaType)")
            return .raw(mediaType)
        }
        let parts = schemas.objectParts(resolved)
        var drafts: [ParameterDraft] = []
        for (property, node) in parts.properties {
            let converted = schemas.type(of: node, hint: [endpointType + NameRegistry.typeName(property)])
            noteReadOnly(converted, property: property, source: node)
            var type: TypeRef
            var takesContentType = true
            if converted.isBinary {
                type = .named(TypeRef.fileName)
            } else if case .array(.named("Data")) = converted.type, let items = documents.deref(node)?["items"],
                      schemas.type(of: items, hint: []).isBinary {
                type = .array(.named(TypeRef.fileName))
            } else if let scalar = formType(converted) {
                type = scalar
                takesContentType = scalar == .named("String")
            } else {
                type = converted.dateOnly ? SchemaConverter.replacingDate(in: converted.type) : converted.type
            }
            if !parts.required.contains(property), case .array = type {
                // Lists of parts are left out when empty; no optional needed.
            } else if !parts.required.contains(property) {
                type = .optional(type)
            }
            var draft = ParameterDraft(name: property, type: type, docs: converted.docs)
            if converted.dateOnly, type.holdsDate { draft.format = "date" }
            if let partEncoding = encoding?[property] {
                if let contentType = partEncoding.string("contentType") {
                    let first = contentType.split(separator: ",").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? contentType
                    if !takesContentType {
                        log.approximation("multipart", partEncoding, "part '\(property)' is sent as text/plain, not \(contentType)")
                    } else {
                        draft.contentType = first
                        if first != contentType {
                            log.approximation("multipart", partEncoding, "part '\(property)' may be any of \(contentType); sent as \(first)")
                        }
                    }
                }
                if partEncoding.has("headers") {
                    log.approximation("multipart", partEncoding["headers"] ?? partEncoding, "headers of part '\(property)' are not sent")
                }
            }
            drafts.append(draft)
        }
        return .multipart(drafts)
    }

    // MARK: Responses

    /// The success response (the lowest 2xx, else `default`), its headers and example, and the
    /// error responses.
    mutating func responses(_ node: DocumentNode, endpointName: String) -> ResponseOutcome {
        var outcome = ResponseOutcome()
        var successes: [(order: Int, status: Int, node: DocumentNode)] = []
        var fallback: DocumentNode?
        for (key, _, value) in node.pairs ?? [] where !key.hasPrefix("x-") {
            let upper = key.uppercased()
            if let code = Int(key), (200...299).contains(code) {
                successes.append((code, code, value))
            } else if upper == "2XX" {
                successes.append((300, 200, value))
            } else if let code = Int(key), (400...599).contains(code) {
                outcome.errors.append(error(status: key, value))
            } else if upper == "4XX" || upper == "5XX" {
                outcome.errors.append(error(status: upper, value))
            } else if key == "default" {
                fallback = value
            } else if documents.deref(value)?["content"]?.pairs?.isEmpty == false {
                log.approximation("response", value, "the body of status \(key) is not decoded")
            }
            if let links = documents.deref(value)?["links"] {
                log.approximation("links", links, "links (operations to call next) have no Courier equivalent; left out")
            }
        }
        successes.sort { $0.order < $1.order }
        var chosen = successes.first.map { (status: $0.status, node: $0.node) }
        if chosen == nil, let fallback {
            log.approximation("response", fallback, "no success status: the default response is read as the success response")
            chosen = (200, fallback)
        } else if let fallback {
            outcome.errors.append(error(status: "default", fallback))
        }
        guard let (status, responseNode) = chosen, let response = documents.deref(responseNode) else { return outcome }
        if let stream = streamedResponse(response, status: status) {
            outcome.stream = stream
            for other in successes.dropFirst() where documents.deref(other.node)?["content"]?.pairs?.isEmpty == false {
                log.approximation("response", other.node, "status \(other.status) is read as status \(status)'s stream")
            }
            return outcome
        }
        let content = responseContent(
            Self.documentPairs(response["content"], noting: log), hint: endpointType + "Response", source: response)
        outcome.response = content.type
        outcome.media = content.media
        outcome.headers = responseHeaders(response["headers"])
        if let example = content.example, let json = JSONText.render(example) {
            let file = "samples/" + endpointName + (status == 200 ? "" : ".\(status)") + ".json"
            outcome.samples.append(SampleDraft(status: status, file: file, json: json, source: example, pointer: log.pointerText(example)))
        }
        if case .array? = content.type, outcome.headers.contains(where: { $0.name.lowercased() == "link" }) {
            outcome.linkPaginated = true
        }
        for other in successes.dropFirst() {
            guard let otherResponse = documents.deref(other.node), otherResponse["content"]?.pairs?.isEmpty == false else { continue }
            let otherContent = responseContent(
                Self.documentPairs(otherResponse["content"], noting: nil), hint: endpointType + "Response\(other.status)",
                source: otherResponse)
            if otherContent.type != content.type || otherContent.media.count != content.media.count {
                let shown = otherContent.type.map(\.description) ?? "one of several media types"
                log.approximation(
                    "response", other.node,
                    "status \(other.status) answers \(shown); the client decodes every success as status \(status)'s "
                        + (content.type.map(\.description) ?? "Empty"))
            }
        }
        return outcome
    }

    private mutating func error(status: String, _ node: DocumentNode) -> (status: String, type: TypeRef?, source: DocumentNode, example: DocumentNode?) {
        guard let response = documents.deref(node), let content = response["content"]?.pairs,
              let json = content.first(where: { Self.kind(of: $0.key) == .json || Self.kind(of: $0.key) == .any }) else {
            return (status, nil, node, nil)
        }
        let type = jsonType(json.value["schema"], hint: endpointType + "Error")
        return (status, type, node, example(in: json.value))
    }

    /// The type (or media choices) of a response's content, and its JSON example.
    private mutating func responseContent(
        _ pairs: [(key: String, keyLocation: SourceLocation, value: DocumentNode)], hint: String, source: DocumentNode
    ) -> (type: TypeRef?, media: [MediaDraft], example: DocumentNode?) {
        guard !pairs.isEmpty else { return (nil, [], nil) }
        var choices: [(mediaType: String, type: TypeRef, node: DocumentNode)] = []
        var example: DocumentNode?
        for (mediaType, _, media) in pairs {
            let type: TypeRef
            switch Self.kind(of: mediaType) {
            case .json:
                type = jsonType(media["schema"], hint: hint)
                if example == nil { example = self.example(in: media) }
            case .any:
                if let schema = media["schema"], let shape = schemas.shape(of: schema), case .scalar = shape {
                    type = .named("Data")
                } else {
                    type = jsonType(media["schema"], hint: hint)
                    if example == nil { example = self.example(in: media) }
                }
            case .text:
                type = .named("String")
            case .form, .multipart, .other:
                if Self.kind(of: mediaType) != .other || mediaType.lowercased().contains("xml") {
                    log.approximation("response", media, "a \(mediaType) response is read as bytes (Data)")
                }
                type = .named("Data")
            }
            choices.append((mediaType, type, media))
        }
        if Set(choices.map(\.type)).count == 1 { return (choices[0].type, [], example) }
        var used = Set<String>()
        var media: [MediaDraft] = []
        for choice in choices {
            let subtype = choice.mediaType.split(separator: ";").first.map(String.init) ?? choice.mediaType
            let words = subtype.split(separator: "/").last.map(String.init) ?? subtype
            var name = NameRegistry.memberName(words)
            let base = name
            var number = 2
            while !used.insert(SwiftName.lowerCamelCase(name)).inserted {
                name = base + String(number)
                number += 1
            }
            media.append(MediaDraft(name: name, accept: choice.mediaType, response: choice.type))
        }
        return (nil, media, example)
    }

    /// The first example of a media type object: `example`, or the `value` of the first of
    /// `examples` (external values are not fetched).
    func example(in media: DocumentNode) -> DocumentNode? {
        if let example = media["example"], !example.yaml.isNull { return example }
        guard let first = media["examples"]?.pairs?.first, let example = documents.deref(first.value) else { return nil }
        if let value = example["value"], !value.yaml.isNull { return value }
        if example.has("externalValue") {
            log.approximation("example", example, "externalValue examples are not fetched; no sample from it")
        }
        return nil
    }

    /// Header fields of the success response, typed as Courier reads them
    /// (`String`, `Int`, `Int32`, `Int64`, `Double`, `Bool`).
    private func responseHeaders(_ node: DocumentNode?) -> [ParameterDraft] {
        var drafts: [ParameterDraft] = []
        var used = Set<String>()
        for (name, _, value) in node?.pairs ?? [] {
            guard let header = documents.deref(value) else { continue }
            guard name.unicodeScalars.allSatisfy(ParameterConverter.isTokenCharacter), !name.isEmpty,
                  SwiftName.becomesIdentifier(name), used.insert(SwiftName.lowerCamelCase(name)).inserted
            else {
                log.approximation("header", header, "response header '\(name)' is left out (its name is not usable, or another one becomes the same Swift name)")
                continue
            }
            var type = TypeRef.named("String")
            if let schema = header["schema"], let shape = schemas.shape(of: schema) {
                if case .scalar(let scalar) = shape, let resolved = documents.deref(schema) {
                    let converted = schemas.scalarType(scalar, resolved).type
                    if case .named(let typeName) = converted, ["String", "Int", "Int32", "Int64", "Double", "Bool"].contains(typeName) {
                        type = converted
                    } else if converted == .named("Float") {
                        type = .named("Double")
                    } else {
                        log.approximation("header", header, "response header '\(name)' is \(converted) in the document: read as a String")
                    }
                } else if case .any = shape {
                    // No type: text.
                } else {
                    log.approximation("header", header, "response header '\(name)' is not a scalar: read as a String")
                }
            } else if header.has("content") {
                log.approximation("header", header, "response header '\(name)' has content: read as a String")
            }
            drafts.append(ParameterDraft(
                name: name, type: header.bool("required") == true ? type : .optional(type),
                docs: DocDraft.from(description: header.string("description"), deprecated: header.bool("deprecated") == true)))
        }
        return drafts
    }
}

private extension TypeRef {
    /// Whether the type is a date, an optional one or a list of them (what `format:` applies to).
    var holdsDate: Bool { names == ["Date"] }
}
