import CourierSpec
import Foundation

extension SpecTranslation {
    /// The samples of every endpoint (`sample:` and `samples:`), read relative to the spec file and
    /// checked against what their status decodes to: the endpoint's response for a 2xx, the
    /// `errors:` model of the status for others. `rendered` are the endpoints' render models, for
    /// their function names.
    mutating func translateSamples(_ rendered: [EndpointRender]) -> (endpoints: [EndpointSamplesRender], bodies: [SampleBodyRender]) {
        let functionNames = Dictionary(rendered.map { ($0.nameLiteral, $0.functionName) }, uniquingKeysWith: { first, _ in first })
        var endpoints: [EndpointSamplesRender] = []
        var bodies: [SampleBodyRender] = []
        // A file several samples use is embedded once; the others name its first property.
        var propertyByFile: [String: String] = [:]
        for endpoint in spec.endpoints {
            let nameLiteral = SwiftLiteral.string(endpoint.name.value)
            guard let functionName = functionNames[nameLiteral] else { continue }
            var responses: [ResponseSampleRender] = []
            var namedSuccess = false
            for sample in endpoint.allSamples {
                guard let status = sample.code else { continue }
                var body: Data?
                if let file = sample.file {
                    guard let data = readSample(file) else { continue }
                    body = data
                }
                let contentType = Self.contentType(of: sample, body: body, endpoint: endpoint, status: status)
                checkSample(sample, status: status, body: body, contentType: contentType, endpoint: endpoint)
                var headers = sample.headers.map {
                    KeyValueLiteral(key: SwiftLiteral.string($0.value.name), value: SwiftLiteral.string($0.value.value))
                }
                if let contentType, !sample.headers.contains(where: { $0.value.name.lowercased() == "content-type" }) {
                    headers.insert(KeyValueLiteral(key: SwiftLiteral.string("Content-Type"), value: SwiftLiteral.string(contentType)), at: 0)
                }
                var bodyProperty: [String] = []
                if let body, let file = sample.file {
                    // The success sample keeps the name `sample:` always had; others say their status.
                    let isSuccess = (200...299).contains(status) && !namedSuccess
                    namedSuccess = namedSuccess || isSuccess
                    let property = memberScope.claim(SwiftIdentifier.plain(functionName) + "Sample" + (isSuccess ? "" : "\(status)"))
                    let shownFile = file.value.replacingOccurrences(of: "`", with: "'")
                    bodies.append(SampleBodyRender(
                        propertyName: property,
                        docs: ["/// The \(status) sample body of the \(nameLiteral) endpoint (`\(shownFile)`)."],
                        dataExpression: propertyByFile[file.value] ?? SwiftLiteral.data(body)))
                    propertyByFile[file.value] = propertyByFile[file.value] ?? property
                    bodyProperty = [property]
                }
                responses.append(ResponseSampleRender(status: String(status), headers: headers, body: bodyProperty))
            }
            // An endpoint answering `Empty` answers 204 No Content unless it says otherwise.
            if Self.answersEmpty(endpoint), !responses.contains(where: { (200...299).contains(Int($0.status) ?? 0) }) {
                responses.insert(ResponseSampleRender(status: "204", headers: [], body: []), at: 0)
            }
            endpoints.append(EndpointSamplesRender(
                nameLiteral: nameLiteral, method: "." + endpoint.method.value.lowercased(),
                pathLiteral: SwiftLiteral.string(endpoint.path.value), responses: responses))
        }
        return (endpoints, bodies)
    }

    /// Whether a successful answer of `endpoint` carries nothing (`response: Empty`, or none).
    private static func answersEmpty(_ endpoint: Endpoint) -> Bool {
        endpoint.media.isEmpty && (endpoint.response == nil || endpoint.response?.value == .named("Empty"))
    }

    /// The bytes of a sample file, relative to the spec file; an error at its line when unreadable.
    private mutating func readSample(_ file: Located<String>) -> Data? {
        let path: String
        if file.value.hasPrefix("/") {
            path = file.value
        } else {
            path = URL(fileURLWithPath: spec.file).deletingLastPathComponent().appendingPathComponent(file.value).path
        }
        do {
            return try readFile(path)
        } catch {
            log.error("cannot read sample '\(file.value)': \(Self.describe(error))", at: file.location)
            return nil
        }
    }

    /// The sample's `Content-Type`: its own header, else what its file's extension says, else
    /// what the endpoint's response is (JSON for models, text for `String`); none without a body.
    static func contentType(of sample: SampleDeclaration, body: Data?, endpoint: Endpoint, status: Int) -> String? {
        if let written = sample.headers.first(where: { $0.value.name.lowercased() == "content-type" }) {
            return written.value.value
        }
        guard body != nil, let file = sample.file?.value else { return nil }
        let fileExtension = URL(fileURLWithPath: file).pathExtension.lowercased()
        if let known = mediaTypes[fileExtension] { return known }
        guard (200...299).contains(status), let response = endpoint.response?.value else { return "application/octet-stream" }
        switch response {
        case .named("String"): return "text/plain; charset=utf-8"
        case .named("Data"), .named("File"), .named("Empty"): return "application/octet-stream"
        default: return "application/json"
        }
    }

    /// Content types of common sample file extensions.
    static let mediaTypes: [String: String] = [
        "json": "application/json", "txt": "text/plain; charset=utf-8", "text": "text/plain; charset=utf-8",
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8", "xml": "application/xml",
        "csv": "text/csv; charset=utf-8", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "pdf": "application/pdf", "zip": "application/zip",
    ]

    /// Whether `contentType` is JSON (`application/json`, `application/problem+json`, …).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return media == "application/json" || media.hasSuffix("+json")
    }

    /// Checks a sample's body against what the client decodes it to, reporting every problem at
    /// the sample's line, naming the JSON path. A 2xx body is decoded as the response whatever its
    /// content type; another status's body is tried as the `errors:` envelope when it is JSON.
    private mutating func checkSample(
        _ sample: SampleDeclaration, status: Int, body: Data?, contentType: String?, endpoint: Endpoint
    ) {
        let what = "sample " + (sample.file.map { "'\($0.value)' " } ?? "") + "(\(status)) of endpoint '\(endpoint.name.value)'"
        let target: (type: TypeRef, description: String)?
        if (200...299).contains(status) {
            target = successTarget(endpoint)
        } else if let errors = spec.errors, Self.isJSON(contentType) {
            let model = errors.statuses.first { Int($0.value.name) == status }?.value.value ?? errors.model.value
            target = (.named(model), "the error model \(model) of status \(status)")
        } else {
            target = nil
        }
        let decodesJSON = target.map { Self.isDecodedAsJSON($0.type) } ?? false
        guard let body else {
            if let target, decodesJSON {
                log.error("\(what) has no body, but \(target.description) needs one", at: sample.location)
            }
            return
        }
        if target?.type == .named("String"), String(data: body, encoding: .utf8) == nil {
            log.error("\(what) is not UTF-8 text, which its response String needs", at: sample.location)
        }
        guard decodesJSON || Self.isJSON(contentType) else { return }
        let json: SampleJSON
        switch SampleJSON.parse(body) {
        case .success(let value):
            json = value
        case .failure(let failure):
            log.error("\(what) is not JSON: \(failure.reason)", at: sample.location)
            return
        }
        guard let target, decodesJSON else { return }
        let fit = SampleFit(
            models: sampleModels, dateFormat: spec.dateFormat?.value ?? "iso8601",
            convertsFromSnakeCase: spec.keyStrategy?.value == "snakeCase")
        let mismatches: [SampleFit.Mismatch]
        if endpoint.media.isEmpty || !(200...299).contains(status) {
            mismatches = fit.mismatches(json, as: target.type)
        } else {
            // Fits when it decodes as one of the media types' responses.
            let tries = endpoint.media.compactMap(\.response?.value).map { fit.mismatches(json, as: $0) }
            mismatches = tries.contains { !$0.contains(where: { !$0.isWarning }) } ? [] : tries.first ?? []
        }
        for mismatch in mismatches {
            if mismatch.isWarning {
                log.warning("\(what): \(mismatch)", at: sample.location)
            } else {
                log.error("\(what) does not fit \(target.description): \(mismatch)", at: sample.location)
            }
        }
    }

    /// What a 2xx sample decodes to: the response (`Empty` when there is none), or the media
    /// types' responses.
    private func successTarget(_ endpoint: Endpoint) -> (type: TypeRef, description: String)? {
        if !endpoint.media.isEmpty {
            let types = endpoint.media.compactMap(\.response?.value)
            // Any body fits when a media type takes it as bytes or text.
            guard types.allSatisfy(Self.isDecodedAsJSON), let first = types.first else { return nil }
            return (first, "any of its media types' responses (" + types.map(\.description).joined(separator: ", ") + ")")
        }
        let response = endpoint.response?.value ?? .named("Empty")
        return (response, "its response \(response)")
    }

    /// Whether the client decodes a body of `type` as JSON (not `Empty`, `Data`, `String` or `File`).
    static func isDecodedAsJSON(_ type: TypeRef) -> Bool {
        ![TypeRef.named("Empty"), .named("Data"), .named("String"), .named("File")].contains(type)
    }
}
