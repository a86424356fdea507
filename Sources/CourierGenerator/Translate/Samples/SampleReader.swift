import CourierSpec
import Foundation

/// Reads the sample responses of every endpoint of loaded specs exactly as the generator embeds
/// them: files resolved relative to their spec, `Content-Type` decided, every body checked against
/// what its status decodes to, and `204 No Content` for an `Empty` endpoint without a `2xx`
/// sample. `courier-mock` serves what it returns.
///
/// ```swift
/// let loaded = SpecLoader().load(files: ["petstore.courier.yaml"])
/// let samples = SampleReader().read(loaded.specs)
/// let missing = samples.endpoints.first { $0.endpoint == "getPet" }?.responses.first { $0.status == 404 }
/// ```
public struct SampleReader: Sendable {
    private let readFile: Translator.FileReader

    /// Creates a reader that reads sample files with `readFile` (the file system by default).
    public init(readFile: @escaping Translator.FileReader = { path in try Data(contentsOf: URL(fileURLWithPath: path)) }) {
        self.readFile = readFile
    }

    /// The samples of every endpoint of `specs` (loaded together, so bodies may use models of
    /// any of them), with the errors and warnings `courier lint` reports about them.
    public func read(_ specs: [Spec]) -> SampleReading {
        let models = SampleResolution.models(of: specs)
        var endpoints: [EndpointSampleResponses] = []
        var diagnostics: [Diagnostic] = []
        for spec in specs {
            var resolution = SampleResolution(spec: spec, models: models, readFile: readFile)
            for endpoint in spec.endpoints {
                let responses = resolution.samples(of: endpoint).map { sample in
                    SampleResponse(
                        status: sample.status, headers: sample.headers, body: sample.body,
                        file: sample.declaration?.file?.value,
                        path: sample.declaration?.file.map { SampleResolution.path(of: $0.value, in: spec) })
                }
                endpoints.append(EndpointSampleResponses(specFile: spec.file, endpoint: endpoint.name.value, responses: responses))
            }
            diagnostics += resolution.log.diagnostics
        }
        return SampleReading(endpoints: endpoints, diagnostics: diagnostics.sorted { $0.location < $1.location })
    }
}

/// What ``SampleReader`` found: every endpoint's samples and the problems with them.
public struct SampleReading: Sendable {
    /// One entry per endpoint, in spec and file order.
    public var endpoints: [EndpointSampleResponses]
    /// Errors and warnings about samples, at their lines.
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error (a sample the client could not decode, a missing file).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The sample responses of one endpoint.
public struct EndpointSampleResponses: Sendable {
    /// The spec file declaring the endpoint.
    public var specFile: String
    /// The endpoint's name (`getPet`).
    public var endpoint: String
    /// Its samples in spec order (`sample:` first); those that could not be read are left out.
    public var responses: [SampleResponse]

    /// The success sample: the one with the lowest `2xx` status, if any.
    public var success: SampleResponse? {
        responses.filter { (200...299).contains($0.status) }.min { $0.status < $1.status }
    }
}

/// One sample response: status, header fields and body, with the file it came from.
public struct SampleResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields in order: `Content-Type` first when the sample has a body and the spec did not
    /// write one, then the spec's.
    public var headers: [NamedValue]
    /// The body; `nil` for a sample without a file.
    public var body: Data?
    /// The file as the spec wrote it (`samples/pet.json`); `nil` without one.
    public var file: String?
    /// The file's path, resolved against the spec's directory.
    public var path: String?

    /// The file's name without its directory and extension (`pet-missing` for
    /// `samples/pet-missing.json`); `nil` without a file.
    public var name: String? {
        file.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    }
}
