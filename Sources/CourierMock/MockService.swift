import CourierGenerator
import CourierSpec
import Foundation

/// A spec loaded for serving: every endpoint with its path template, parameters, body and
/// samples, read by CourierSpec's loader and the generator's sample reader, so that what
/// `courier-mock` serves is exactly what `courier lint` accepts and the generated client embeds.
///
/// ```swift
/// let service = try MockService.load(specFiles: ["petstore.courier.yaml"])
/// let server = try await MockServer.start(service: service, options: MockOptions(port: 0))
/// ```
public struct MockService: Sendable {
    /// The warnings of loading (the errors stop it): print them.
    public let warnings: [Diagnostic]
    /// The services' names (`Petstore`), one per spec file.
    public let serviceNames: [String]
    /// The endpoints served.
    let routes: [Route]
    /// Paths of the specs' base URLs and environments (`/v1`), longest first: a request may
    /// carry one before the endpoint's path.
    let basePaths: [String]

    /// The number of endpoints served.
    public var endpointCount: Int { routes.count }

    /// The base paths (`/v1`) the endpoints are also served under, from the specs' `baseURL:` and
    /// `environments:`.
    public var alsoServedUnder: [String] { basePaths }

    /// Loads and validates the spec files together and reads every sample. Throws the
    /// diagnostics when any is an error (a spec or sample `courier lint` rejects).
    public static func load(specFiles: [String], readFile: @escaping Translator.FileReader = { path in
        try Data(contentsOf: URL(fileURLWithPath: path))
    }) throws(MockLoadError) -> MockService {
        let loaded = SpecLoader().load(files: specFiles)
        let reading = SampleReader(readFile: readFile).read(loaded.specs)
        let diagnostics = (loaded.diagnostics + reading.diagnostics).sorted { $0.location < $1.location }
        guard !diagnostics.contains(where: { $0.severity == .error }), !loaded.specs.isEmpty else {
            throw MockLoadError(diagnostics: diagnostics)
        }
        return MockService(specs: loaded.specs, samples: reading.endpoints, warnings: diagnostics)
    }

    init(specs: [Spec], samples: [EndpointSampleResponses], warnings: [Diagnostic]) {
        self.warnings = warnings
        serviceNames = specs.map(\.service.value)
        var routes: [Route] = []
        var basePaths: Set<String> = []
        for spec in specs {
            let check = ModelCheck(specs: specs, service: spec)
            for endpoint in spec.endpoints {
                let responses = samples.first { $0.specFile == spec.file && $0.endpoint == endpoint.name.value }?.responses ?? []
                routes.append(Route(endpoint: endpoint, spec: spec, samples: responses, check: check))
            }
            for url in [spec.baseURL] + spec.environments.map({ Located($0.value.value, at: $0.location) }) {
                guard let path = URLComponents(string: url.value)?.percentEncodedPath else { continue }
                let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
                if !trimmed.isEmpty { basePaths.insert(trimmed) }
            }
        }
        self.routes = routes
        self.basePaths = basePaths.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }
}

/// Why a spec cannot be served: the errors (and warnings) of loading it, at their lines.
public struct MockLoadError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, sorted by location.
    public var diagnostics: [Diagnostic]

    /// The diagnostics, one per line (`file:line:column: error: message`).
    public var description: String {
        diagnostics.isEmpty ? "no spec to serve" : diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// One endpoint as served: what to match, check and answer with.
struct Route: Sendable {
    let endpoint: Endpoint
    let spec: Spec
    let template: PathTemplate
    /// The upper-cased method.
    let method: String
    let samples: [SampleResponse]
    let check: ModelCheck

    init(endpoint: Endpoint, spec: Spec, samples: [SampleResponse], check: ModelCheck) {
        self.endpoint = endpoint
        self.spec = spec
        self.template = PathTemplate(endpoint.path.value)
        self.method = endpoint.method?.value.wireName ?? "GET"
        self.samples = samples
        self.check = check
    }

    /// The endpoint's name.
    var name: String { endpoint.name.value }

    /// `getPet (GET /pets/{id})`, for messages.
    var shown: String { "\(name) (\(method) \(template.text))" }

    /// The success sample: the one with the lowest `2xx` status.
    var success: SampleResponse? {
        samples.filter { (200...299).contains($0.status) }.min { $0.status < $1.status }
    }
}
