import CourierSpec
import Foundation

/// Reads one spec's sample files and checks each body against what its status decodes to: the
/// step the generator embeds samples after, and the one `courier-mock` serves them after.
///
/// Problems are errors and warnings at the sample's line, as `courier lint` reports them.
struct SampleResolution {
    /// One sample response, read and checked.
    struct Sample {
        /// The declaration it came from (`nil` for the `204` an `Empty` endpoint answers by default).
        let declaration: SampleDeclaration?
        /// The status.
        let status: Int
        /// Header fields: `Content-Type` first (unless the spec wrote one), then the spec's.
        let headers: [NamedValue]
        /// The body, when the sample has a file.
        let body: Data?
    }

    let spec: Spec
    /// Every model of the load, for checking bodies.
    let models: [String: SampleFit.ModelEntry]
    let readFile: Translator.FileReader
    var log = DiagnosticLog()

    /// The samples of `endpoint` in spec order (`sample:` first): one whose status is no final
    /// status or whose file cannot be read is left out (after an error); an endpoint answering
    /// `Empty` without a `2xx` sample answers `204 No Content` first.
    mutating func samples(of endpoint: Endpoint) -> [Sample] {
        var samples: [Sample] = []
        for declaration in endpoint.allSamples {
            guard let status = declaration.code else { continue }
            var body: Data?
            if let file = declaration.file {
                guard let data = read(file) else { continue }
                body = data
            }
            let contentType = Self.contentType(of: declaration, body: body, endpoint: endpoint, status: status)
            check(declaration, status: status, body: body, contentType: contentType, endpoint: endpoint)
            var headers = declaration.headers.map(\.value)
            if let contentType, !declaration.headers.contains(where: { $0.value.name.lowercased() == "content-type" }) {
                headers.insert(NamedValue(name: "Content-Type", value: contentType), at: 0)
            }
            samples.append(Sample(declaration: declaration, status: status, headers: headers, body: body))
        }
        if Self.answersEmpty(endpoint), !samples.contains(where: { (200...299).contains($0.status) }) {
            samples.insert(Sample(declaration: nil, status: 204, headers: [], body: nil), at: 0)
        }
        return samples
    }

    /// Every model of `specs` by name (the first of a name: validation reported the others), with
    /// its spec's key strategy.
    static func models(of specs: [Spec]) -> [String: SampleFit.ModelEntry] {
        var models: [String: SampleFit.ModelEntry] = [:]
        for spec in specs {
            for model in spec.models where models[model.name.value] == nil {
                models[model.name.value] = SampleFit.ModelEntry(model: model, snakeCaseKeys: spec.keyStrategy?.value == .snakeCase)
            }
        }
        return models
    }

    /// Whether a successful answer of `endpoint` carries nothing (`response: Empty`, or none).
    static func answersEmpty(_ endpoint: Endpoint) -> Bool {
        endpoint.stream == nil && endpoint.media.isEmpty && (endpoint.response == nil || endpoint.response?.value == .named("Empty"))
    }

    /// The path of a sample file: as written when absolute, else relative to the spec file.
    static func path(of file: String, in spec: Spec) -> String {
        if file.hasPrefix("/") { return file }
        return URL(fileURLWithPath: spec.file).deletingLastPathComponent().appendingPathComponent(file).path
    }

    /// The bytes of a sample file, relative to the spec file; an error at its line when unreadable.
    private mutating func read(_ file: Located<String>) -> Data? {
        do {
            return try readFile(Self.path(of: file.value, in: spec))
        } catch {
            log.error("cannot read sample '\(file.value)': \(SpecTranslation.describe(error))", at: file.location)
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
        // A stream's success sample is served as the stream its format says.
        if let stream = endpoint.stream, (200...299).contains(status) { return stream.format.value.mediaType }
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
        "sse": "text/event-stream", "jsonl": "application/jsonl", "ndjson": "application/x-ndjson",
        "json-seq": "application/json-seq",
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
    private mutating func check(
        _ sample: SampleDeclaration, status: Int, body: Data?, contentType: String?, endpoint: Endpoint
    ) {
        let what = "sample " + (sample.file.map { "'\($0.value)' " } ?? "") + "(\(status)) of endpoint '\(endpoint.name.value)'"
        if let stream = endpoint.stream, (200...299).contains(status) {
            if let body { checkStream(body, of: stream, what: what, at: sample.location) }
            return
        }
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
            models: models, dateFormat: spec.dateFormat?.value ?? .iso8601,
            convertsFromSnakeCase: spec.keyStrategy?.value == .snakeCase)
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
