import CourierSpec

/// The service's `errors:` from every operation's error responses.
///
/// Courier decodes error bodies service-wide: one envelope model, and other models for some
/// statuses. The envelope is the object model most error responses use; a status whose responses
/// mostly use another model gets it under `statuses:`; an operation that answers a status with yet
/// another model is reported.
enum ErrorEnvelopeBuilder {
    /// The envelope, and the error samples that fit it.
    static func build(
        _ uses: [ErrorUse], schemas: SchemaConverter, log: ImportLog, endpointNames: [String]
    ) -> (errors: ErrorsDraft?, samples: [(endpoint: Int, sample: SampleDraft)]) {
        var counts: [String: Int] = [:]
        var order: [String] = []
        var byStatus: [Int: [String: Int]] = [:]
        var statusOrder: [Int: [String]] = [:]
        for use in uses {
            guard let model = objectModel(use.type, schemas: schemas) else { continue }
            if counts[model] == nil { order.append(model) }
            counts[model, default: 0] += 1
            if let status = Int(use.status) {
                if byStatus[status]?[model] == nil { statusOrder[status, default: []].append(model) }
                byStatus[status, default: [:]][model, default: 0] += 1
            }
        }
        guard let envelope = mostFrequent(order, counts) else {
            for use in uses {
                guard let type = use.type else { continue }
                log.approximation("errors", use.source, "error body \(type) is not an object model: not decoded as the backend's error")
            }
            return (nil, [])
        }
        var statuses: [(status: Int, model: String)] = []
        for status in byStatus.keys.sorted() {
            let models = statusOrder[status] ?? []
            let counted = byStatus[status] ?? [:]
            guard let best = mostFrequent(models, counted), best != envelope else { continue }
            statuses.append((status, best))
        }
        var samples: [(endpoint: Int, sample: SampleDraft)] = []
        for use in uses {
            let expected = Int(use.status).flatMap { status in statuses.first { $0.status == status }?.model } ?? envelope
            guard let type = use.type else { continue }
            guard let model = objectModel(type, schemas: schemas) else {
                log.approximation(
                    "errors", use.source,
                    "\(endpointNames[use.endpoint]) answers \(use.status) with \(type), not an object model: decoded as \(expected) or kept as the status")
                continue
            }
            if model != expected {
                log.approximation(
                    "errors", use.source,
                    "\(endpointNames[use.endpoint]) answers \(use.status) with \(model); the service decodes \(use.status) as \(expected)")
                continue
            }
            if let status = Int(use.status), let example = use.example, let json = JSONText.render(example) {
                let file = "samples/\(endpointNames[use.endpoint]).\(status).json"
                samples.append((use.endpoint, SampleDraft(status: status, file: file, json: json, source: example, pointer: log.pointerText(example))))
            }
        }
        return (ErrorsDraft(model: envelope, statuses: statuses), samples)
    }

    /// The name counted most often; the first of them on a tie.
    private static func mostFrequent(_ names: [String], _ counts: [String: Int]) -> String? {
        var best: String?
        for name in names where best.map({ (counts[name] ?? 0) > (counts[$0] ?? 0) }) ?? true { best = name }
        return best
    }

    private static func objectModel(_ type: TypeRef?, schemas: SchemaConverter) -> String? {
        guard case .named(let name)? = type, schemas.isObjectModel(name) else { return nil }
        return name
    }
}
