import CourierGenerator
import CourierSpec
import Foundation

/// Answers one request: routes it, checks it against the spec, and picks the sample (or, with
/// `--state`, the stored resource) to answer with. Everything but the network and the latency.
final class Responder: Sendable {
    let service: MockService
    private let store: Guarded<ResourceStore>?
    private let stateful: StatefulAnswer

    init(service: MockService, keepsState: Bool) {
        self.service = service
        self.store = keepsState ? Guarded(ResourceStore()) : nil
        var models: [String: Model] = [:]
        for route in service.routes {
            for model in route.spec.models where models[model.name.value] == nil { models[model.name.value] = model }
        }
        stateful = StatefulAnswer(service: service, roles: StateRole.roles(of: service.routes), models: models)
    }

    func respond(to request: MockRequest) -> MockResponse {
        let path = request.path
        let route: Route
        let values: [String: String]
        let relativePath: String
        switch service.route(method: request.method, path: path) {
        case .notFound(let closest):
            let hint = closest.map { "; did you mean \($0)?" } ?? ""
            return Problem(
                status: 404, detail: "no endpoint at \(path)\(hint)", instance: path, closest: closest, paths: service.pathTemplates
            ).response()
        case .wrongMethod(let allowed):
            return Problem(
                status: 405, detail: "\(path) takes \(allowed.joined(separator: ", ")), not \(request.method)", instance: path
            ).response(headers: [("Allow", allowed.joined(separator: ", "))])
        case .endpoint(let matched, let placeholders, let relative):
            route = matched
            values = placeholders
            relativePath = relative
        }

        if let (status, errors) = RequestCheck(route: route, request: request, pathValues: values).run() {
            let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
            return Problem(
                status: status, detail: "\(count) with the request to \(route.shown)", instance: path, endpoint: route.name,
                errors: errors
            ).response()
        }

        let preference = Preference(fields: request.headers("Prefer"))
        if preference.choosesSample {
            return chosen(preference, route: route, path: path)
        }
        if let store, let answer = store.withLock({ stateful.answer(route, request: request, path: relativePath, fullPath: path, store: &$0) }) {
            return answer
        }
        guard let sample = route.success else {
            return Problem(
                status: 501, detail: "endpoint \(route.shown) has no 2xx sample; add one with sample: or samples:",
                instance: path, endpoint: route.name
            ).response()
        }
        // An event stream resumes after `Last-Event-ID`, and ends with `204` once served whole.
        if route.endpoint.stream != nil,
           let answer = StreamResumption.response(from: sample, route: route, lastEventID: request.header("Last-Event-ID")) {
            return answer
        }
        return Self.response(from: sample, route: route)
    }

    /// The sample `Prefer: code=` and `example=` pick; a status without a sample answers with no
    /// body; a code that is no status, or a name no sample has, is a `400`.
    private func chosen(_ preference: Preference, route: Route, path: String) -> MockResponse {
        func rejected(_ detail: String) -> MockResponse {
            Problem(
                status: 400, detail: "Prefer: \(detail)", instance: path, endpoint: route.name,
                errors: [.init(in: "header", field: "Prefer", detail: detail)]
            ).response()
        }
        var candidates = route.samples
        var status: Int?
        if let code = preference.code {
            guard let number = Int(code), (200...599).contains(number) else {
                return rejected("code=\(code) is not a status from 200 to 599")
            }
            status = number
            candidates = candidates.filter { $0.status == number }
        }
        if let example = preference.example {
            let named = candidates.filter { sample in
                sample.name == example || sample.file == example || sample.file.map { URL(fileURLWithPath: $0).lastPathComponent } == example
            }
            guard !named.isEmpty else {
                let names = route.samples.compactMap(\.name)
                let list = names.isEmpty ? "it has no sample files" : "its samples: " + names.joined(separator: ", ")
                let scope = status.map { " of status \($0)" } ?? ""
                return rejected("endpoint \(route.name) has no sample named '\(example)'\(scope) (\(list))" + Suggestion.didYouMean(example, among: names))
            }
            candidates = named
        }
        var response: MockResponse
        if let sample = candidates.first {
            response = Self.response(from: sample, route: route)
        } else {
            response = MockResponse(status: status ?? 200, endpoint: route.name, source: "no sample")
        }
        response.headers.append(("Preference-Applied", preference.applied))
        return response
    }

    /// A sample as the response of `route`.
    static func response(from sample: SampleResponse, route: Route) -> MockResponse {
        let headers = sample.headers.filter { $0.name.lowercased() != "content-length" }.map { (name: $0.name, value: $0.value) }
        return MockResponse(
            status: sample.status, headers: headers, body: sample.body ?? Data(), endpoint: route.name,
            source: sample.file ?? "sample \(sample.status)")
    }
}
