import CourierGenerator
import CourierSpec
import Foundation

/// Checks a request against its endpoint in the spec: path and query parameter types, required
/// parameters and header fields, and the body (JSON against its model, form fields, multipart
/// parts). Problems with the request's shape (parameters, headers, a body that is missing, not
/// JSON or of the wrong content type) make a `400`; a well-formed body that does not fit its
/// model a `422`.
struct RequestCheck {
    let route: Route
    let request: MockRequest
    /// The placeholders' values from the path.
    let pathValues: [String: String]

    /// What is wrong with the request, if anything: the status to answer and every problem.
    func run() -> (status: Int, errors: [Problem.FieldError])? {
        var malformed: [Problem.FieldError] = []
        var unfit: [Problem.FieldError] = []
        let endpoint = route.endpoint
        for parameter in endpoint.pathParameters {
            let value = pathValues[parameter.name.value] ?? ""
            if let problem = route.check.problem(inParameter: value, as: parameter.type.value) {
                malformed.append(.init(in: "path", field: parameter.name.value, detail: problem))
            }
        }
        let query = request.query
        for parameter in endpoint.queryParameters {
            let name = parameter.key ?? parameter.name.value
            let values = query.filter { $0.name == name }.map(\.value)
            malformed += check(parameter, named: name, values: values, in: "query")
        }
        for parameter in endpoint.headerParameters {
            let name = parameter.key ?? parameter.name.value
            var values = request.headers(name)
            if case .array = parameter.type.value.nonOptional {
                values = values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            }
            malformed += check(parameter, named: name, values: values, in: "header")
        }
        switch endpoint.body {
        case .json(let type):
            checkJSON(type.value, malformed: &malformed, unfit: &unfit)
        case .form(let fields, _):
            checkForm(fields, malformed: &malformed, unfit: &unfit)
        case .multipart(let parts, _):
            MultipartCheck(route: route, request: request).run(parts, malformed: &malformed, unfit: &unfit)
        case .raw, .file, nil:
            break
        }
        if !malformed.isEmpty { return (400, malformed + unfit) }
        if !unfit.isEmpty { return (422, unfit) }
        return nil
    }

    /// The problems of one parameter's `values`: missing when required (not optional, no
    /// default, not a list, which may be empty), given more than once when not a list, and each
    /// value's type.
    func check(_ parameter: Parameter, named name: String, values: [String], in location: String) -> [Problem.FieldError] {
        let type = parameter.type.value
        let isList: Bool
        if case .array = type.nonOptional { isList = true } else { isList = false }
        guard !values.isEmpty else {
            guard !type.isOptional, parameter.defaultValue == nil, !isList else { return [] }
            return [.init(in: location, field: name, detail: "required \(Self.noun(location)) '\(name)' (\(type)) is missing")]
        }
        if !isList, values.count > 1 {
            return [.init(in: location, field: name, detail: "given \(values.count) times; '\(name)' takes one value (\(type))")]
        }
        return values.compactMap { value in
            route.check.problem(inParameter: value, as: type).map { .init(in: location, field: name, detail: $0) }
        }
    }

    private static func noun(_ location: String) -> String {
        switch location {
        case "header": "header field"
        case "body": "form field"
        default: "\(location) parameter"
        }
    }

    /// The media type of the request's `Content-Type`, lower-cased, without parameters.
    var mediaType: String? {
        request.header("Content-Type").map {
            ($0.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    private func checkJSON(_ type: TypeRef, malformed: inout [Problem.FieldError], unfit: inout [Problem.FieldError]) {
        if let mediaType, mediaType != "application/json", !mediaType.hasSuffix("+json") {
            malformed.append(.init(
                in: "header", field: "Content-Type", detail: "expected application/json for a body of \(type), found \(mediaType)"))
            return
        }
        guard !request.body.isEmpty else {
            if !type.isOptional {
                malformed.append(.init(in: "body", field: "", pointer: "", detail: "the request has no body; \(route.name) takes \(type) as JSON"))
            }
            return
        }
        switch route.check.problems(inJSON: request.body, as: type) {
        case .failure(let notJSON):
            malformed.append(.init(in: "body", field: "", pointer: "", detail: "the body is not JSON: \(notJSON.reason)"))
        case .success(let problems):
            for problem in problems where !problem.isWarning {
                unfit.append(.init(in: "body", field: problem.field, pointer: problem.pointer, detail: problem.message))
            }
        }
    }

    private func checkForm(_ fields: [Parameter], malformed: inout [Problem.FieldError], unfit: inout [Problem.FieldError]) {
        if let mediaType, mediaType != "application/x-www-form-urlencoded" {
            malformed.append(.init(
                in: "header", field: "Content-Type", detail: "expected application/x-www-form-urlencoded, found \(mediaType)"))
            return
        }
        let pairs = PercentDecoding.pairs(Substring(decoding: request.body, as: UTF8.self))
        for field in fields {
            let name = field.key ?? field.name.value
            unfit += check(field, named: name, values: pairs.filter { $0.name == name }.map(\.value), in: "body")
        }
    }
}
