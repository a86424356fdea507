import CourierSpec
import Foundation

extension SpecTranslation {
    /// The samples of every endpoint (`sample:` and `samples:`), read relative to the spec file and
    /// checked against what their status decodes to (``SampleResolution``), as render models.
    /// `rendered` are the endpoints' render models, for their function names.
    mutating func translateSamples(_ rendered: [EndpointRender]) -> (endpoints: [EndpointSamplesRender], bodies: [SampleBodyRender]) {
        let functionNames = Dictionary(rendered.map { ($0.nameLiteral, $0.functionName) }, uniquingKeysWith: { first, _ in first })
        var resolution = SampleResolution(spec: spec, models: sampleModels, readFile: readFile)
        var endpoints: [EndpointSamplesRender] = []
        var bodies: [SampleBodyRender] = []
        // A file several samples use is embedded once; the others name its first property.
        var propertyByFile: [String: String] = [:]
        for endpoint in spec.endpoints {
            let nameLiteral = SwiftLiteral.string(endpoint.name.value)
            guard let functionName = functionNames[nameLiteral] else { continue }
            var responses: [ResponseSampleRender] = []
            var namedSuccess = false
            for sample in resolution.samples(of: endpoint) {
                let headers = sample.headers.map {
                    KeyValueLiteral(key: SwiftLiteral.string($0.name), value: SwiftLiteral.string($0.value))
                }
                var bodyProperty: [String] = []
                if let body = sample.body, let file = sample.declaration?.file {
                    // The success sample keeps the name `sample:` always had; others say their status.
                    let isSuccess = (200...299).contains(sample.status) && !namedSuccess
                    namedSuccess = namedSuccess || isSuccess
                    let property = memberScope.claim(SwiftIdentifier.plain(functionName) + "Sample" + (isSuccess ? "" : "\(sample.status)"))
                    var rendered = SampleBodyRender(
                        propertyName: property,
                        docs: DocComment.sentence(
                            "The \(sample.status) sample body of the \(nameLiteral) endpoint (`\(DocComment.code(file.value))`)."),
                        dataExpression: propertyByFile[file.value] ?? SwiftLiteral.data(body))
                    rendered.source = Self.source(file.location)
                    bodies.append(rendered)
                    propertyByFile[file.value] = propertyByFile[file.value] ?? property
                    bodyProperty = [property]
                }
                responses.append(ResponseSampleRender(status: String(sample.status), headers: headers, body: bodyProperty))
            }
            endpoints.append(EndpointSamplesRender(
                nameLiteral: nameLiteral, method: (endpoint.method?.value ?? .get).rawValue,
                pathLiteral: SwiftLiteral.string(endpoint.path.value), responses: responses))
        }
        log.append(resolution.log.diagnostics)
        return (endpoints, bodies)
    }
}
