import CourierGenerator
import CourierSpec

/// One error response of one operation, gathered for the service-wide `errors:`.
struct ErrorUse {
    /// The status key as written (`404`, `4XX`, `default`).
    var status: String
    /// What its JSON body decodes to, if it has one.
    var type: TypeRef?
    /// The response, for the report.
    var source: DocumentNode
    /// The endpoint's index in ``OperationConverter/endpoints``.
    var endpoint: Int
    /// Its JSON example, if any.
    var example: DocumentNode?
}

/// Turns `paths` into endpoints: names from operationIds, parameters, bodies, the success
/// response, response headers, samples from examples, `auth:`; error responses are gathered for
/// the service's `errors:`.
final class OperationConverter {
    /// The document's files.
    let documents: DocumentSet
    /// The schema converter models come from.
    let schemas: SchemaConverter
    /// Security requirements to `auth:` values.
    let security: SecurityConverter
    /// The log.
    var log: ImportLog { documents.log }
    /// The endpoints, in document order.
    private(set) var endpoints: [EndpointDraft] = []
    /// Every error response met.
    private(set) var errorUses: [ErrorUse] = []
    /// Whether an endpoint is paginated through the `Link` header.
    private(set) var usesLinkPagination = false
    private var usedNames = Set<String>()

    /// The methods OpenAPI path items may hold, as Courier spells them.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// Names endpoints must not take: static members the generator puts in every namespace.
    static let reservedNames: Set<String> = [
        "service", "samples", "endpointWares", "url", "client", "namedWares", "wares", "environment",
    ]

    /// Prepares to convert operations with `schemas` and `security`.
    init(documents: DocumentSet, schemas: SchemaConverter, security: SecurityConverter) {
        self.documents = documents
        self.schemas = schemas
        self.security = security
    }

    /// Converts every operation under `paths`, in document order.
    func convert(paths: DocumentNode) {
        for (path, _, itemNode) in paths.pairs ?? [] {
            guard !path.hasPrefix("x-") else { continue }
            guard path.hasPrefix("/") else {
                log.approximation("path", itemNode, "the path '\(path)' does not start with '/'; left out")
                continue
            }
            guard let item = documents.deref(itemNode) else { continue }
            if let servers = item["servers"] {
                log.approximation("server", servers, "servers of one path are not carried over; its endpoints use the service's baseURL")
            }
            let shared = item["parameters"]?.items ?? []
            for (key, _, operationNode) in item.pairs ?? [] {
                guard Self.methods.contains(key) else { continue }
                if key == "trace" {
                    log.approximation("method", operationNode, "TRACE has no Courier endpoint; left out")
                    continue
                }
                guard let operation = documents.deref(operationNode) else { continue }
                convertOperation(operation, method: key, path: path, shared: shared)
            }
        }
    }

    private func convertOperation(_ operation: DocumentNode, method: String, path: String, shared: [DocumentNode]) {
        let operationID = operation.string("operationId")
        let name = endpointName(operationID: operationID, method: method, path: path, source: operation)
        var endpoint = EndpointDraft(name: name, method: method, path: path)
        endpoint.tag = operation["tags"]?.items?.first?.text
        var docs = DocDraft(deprecated: operation.bool("deprecated") == true)
        if let summary = operation.string("summary").map(TextCleanup.normalized), !summary.isEmpty {
            if summary.contains("\n") { docs.description = summary } else { docs.summary = summary }
        }
        if let description = operation.string("description").map(TextCleanup.normalized), !description.isEmpty,
           description != docs.summary {
            docs.description = [docs.description, description].compactMap { $0 }.joined(separator: "\n\n")
        }
        endpoint.docs = docs
        for key in ["callbacks", "servers"] where operation.has(key) {
            let what = key == "callbacks"
                ? "callbacks (requests the server sends) have no Courier equivalent; left out"
                : "servers of one operation are not carried over; it uses the service's baseURL"
            log.approximation(key == "callbacks" ? "callbacks" : "server", operation[key] ?? operation, what)
        }
        let typeBase = NameRegistry.typeName(name)
        var parameters = ParameterConverter(documents: documents, schemas: schemas, endpointType: typeBase)
        parameters.convert(shared: shared, own: operation["parameters"]?.items ?? [], path: path, operation: operation, into: &endpoint)
        var bodies = BodyConverter(documents: documents, schemas: schemas, endpointType: typeBase)
        if let body = operation["requestBody"] {
            endpoint.body = bodies.requestBody(body)
            // Courier's language has no optional body (an optional JSON body would be sent as `null`),
            // and OpenAPI's default is `required: false`.
            if endpoint.body != nil, documents.deref(body)?.bool("required") != true {
                log.approximation("optionalBody", body, "request body is optional in the document; Courier sends it always")
            }
        }
        if let responses = operation["responses"] {
            let outcome = bodies.responses(responses, endpointName: name)
            endpoint.response = outcome.response
            endpoint.media = outcome.media
            endpoint.stream = outcome.stream
            endpoint.responseHeaders = outcome.headers
            endpoint.samples = outcome.samples
            if outcome.linkPaginated {
                endpoint.paginated = true
                usesLinkPagination = true
            }
            for use in outcome.errors {
                errorUses.append(ErrorUse(status: use.status, type: use.type, source: use.source, endpoint: endpoints.count, example: use.example))
            }
        } else {
            log.approximation("response", operation, "the operation has no responses; it answers Empty")
        }
        if endpoint.docs.deprecated, !endpoint.responseHeaders.isEmpty || endpoint.paginated {
            // The generator marks the factory and the plain client method deprecated, but calls the
            // factory unmarked from `…WithHeaders` and `…Pages`, which then warn at every build.
            endpoint.docs.deprecated = false
            endpoint.docs.description = (endpoint.docs.description.map { $0 + "\n\n" } ?? "") + "Deprecated."
            log.approximation(
                "deprecated", operation["deprecated"] ?? operation,
                "deprecated, said in the description: `deprecated: true` on an endpoint with response headers or pages "
                    + "makes the generated client warn at every build")
        }
        ParameterConverter.nameArguments(&endpoint)
        if let requirement = operation["security"] {
            let auth = security.auth(for: requirement)
            if auth != security.defaultAuth { endpoint.auth = auth ?? "none" }
        }
        endpoints.append(endpoint)
    }

    /// `operationId` in lowerCamelCase (`droplets_list` → `dropletsList`,
    /// `enterprise-admin/list-global-webhooks` → `enterpriseAdminListGlobalWebhooks`), else the
    /// method and path (`getPetsPetId`); a name taken by another operation gets a number.
    private func endpointName(operationID: String?, method: String, path: String, source: DocumentNode) -> String {
        let words = path.split(separator: "/").map { segment -> String in
            segment.hasPrefix("{") ? "by " + segment.dropFirst().dropLast() : String(segment)
        }
        var base = NameRegistry.memberName(operationID ?? ([method] + words).joined(separator: " "))
        if Self.reservedNames.contains(base) { base += "Operation" }
        var name = base
        var number = 2
        while !usedNames.insert(SwiftName.lowerCamelCase(name)).inserted {
            name = base + String(number)
            number += 1
        }
        if name != base {
            log.approximation(
                "name", source["operationId"] ?? source,
                "'\(operationID ?? base)' names the same endpoint as an earlier operation; this one is '\(name)'")
        }
        return name
    }

    /// Renames the model types endpoints and error responses use, after identical models were
    /// merged (`renames`: each merged model's name and the name of the model kept).
    func renameTypes(_ renames: [String: String]) {
        guard !renames.isEmpty else { return }
        func rename(_ type: TypeRef) -> TypeRef { SchemaConverter.renamed(type, with: renames) }
        func rename(_ parameters: [ParameterDraft]) -> [ParameterDraft] {
            parameters.map { parameter in
                var parameter = parameter
                parameter.type = rename(parameter.type)
                return parameter
            }
        }
        for index in endpoints.indices {
            var endpoint = endpoints[index]
            endpoint.pathParameters = rename(endpoint.pathParameters)
            endpoint.queryParameters = rename(endpoint.queryParameters)
            endpoint.headerParameters = rename(endpoint.headerParameters)
            endpoint.responseHeaders = rename(endpoint.responseHeaders)
            switch endpoint.body {
            case .json(let type): endpoint.body = .json(rename(type))
            case .form(let fields): endpoint.body = .form(rename(fields))
            case .multipart(let parts): endpoint.body = .multipart(rename(parts))
            case .raw, nil: break
            }
            endpoint.response = endpoint.response.map(rename)
            if let element = endpoint.stream?.element { endpoint.stream?.element = rename(element) }
            endpoint.media = endpoint.media.map { media in
                var media = media
                media.response = rename(media.response)
                return media
            }
            endpoints[index] = endpoint
        }
        for index in errorUses.indices { errorUses[index].type = errorUses[index].type.map(rename) }
    }

    /// Adds a sample to an endpoint (error samples, once `errors:` is known).
    func addSample(_ sample: SampleDraft, toEndpointAt index: Int) {
        endpoints[index].samples.append(sample)
    }
}
