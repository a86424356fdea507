import CourierGenerator
import CourierSpec
import Foundation

/// Checks a `multipart/form-data` body against the endpoint's `multipart:` parts: each required
/// part present, text parts typed as parameters are, JSON parts against their model, file and
/// byte parts present.
struct MultipartCheck {
    /// One part of the body.
    struct Part {
        /// The `name` of its `Content-Disposition`.
        var name: String
        /// Its `filename`, if any.
        var filename: String?
        /// Its `Content-Type`, if any.
        var contentType: String?
        /// Its bytes.
        var body: Data
    }

    let route: Route
    let request: MockRequest

    func run(_ declared: [MultipartPart], malformed: inout [Problem.FieldError], unfit: inout [Problem.FieldError]) {
        let contentType = request.header("Content-Type") ?? ""
        guard contentType.lowercased().hasPrefix("multipart/form-data"), let boundary = Self.boundary(in: contentType) else {
            malformed.append(.init(
                in: "header", field: "Content-Type",
                detail: "expected multipart/form-data with a boundary, found \(contentType.isEmpty ? "none" : contentType)"))
            return
        }
        guard let parts = Self.parts(of: request.body, boundary: boundary) else {
            malformed.append(.init(in: "body", field: "", detail: "the body is not multipart/form-data with the boundary '\(boundary)'"))
            return
        }
        for part in declared {
            let name = part.wireName
            let type = part.type.value
            let found = parts.filter { $0.name == name }
            let isList: Bool
            if case .array = type.nonOptional { isList = true } else { isList = false }
            guard !found.isEmpty else {
                if !type.isOptional, part.parameter.defaultValue == nil, !isList {
                    unfit.append(.init(in: "body", field: name, detail: "required part '\(name)' (\(type)) is missing"))
                }
                continue
            }
            if !isList, found.count > 1 {
                unfit.append(.init(in: "body", field: name, detail: "part '\(name)' given \(found.count) times; it takes one (\(type))"))
                continue
            }
            let element: TypeRef
            if case .array(let inner) = type.nonOptional { element = inner } else { element = type.nonOptional }
            switch kind(of: element) {
            case .file, .bytes:
                continue
            case .text:
                for value in found {
                    if let problem = route.check.problem(inParameter: String(decoding: value.body, as: UTF8.self), as: element) {
                        unfit.append(.init(in: "body", field: name, detail: problem))
                    }
                }
            case .json:
                // A list of models is one JSON part holding the list.
                guard let value = found.first else { continue }
                switch route.check.problems(inJSON: value.body, as: type.nonOptional) {
                case .failure(let notJSON):
                    unfit.append(.init(in: "body", field: name, detail: "part '\(name)' is not JSON: \(notJSON.reason)"))
                case .success(let problems):
                    for problem in problems where !problem.isWarning {
                        let separator = problem.field.isEmpty || problem.field.hasPrefix("[") ? "" : "."
                        unfit.append(.init(in: "body", field: name + separator + problem.field, pointer: problem.pointer, detail: problem.message))
                    }
                }
            }
        }
    }

    private enum Kind { case text, file, bytes, json }

    /// How a part of `type` is sent: scalars and enums as text, `File` as a file, `Data` as bytes,
    /// anything else as JSON.
    private func kind(of type: TypeRef) -> Kind {
        guard case .named(let name) = type else { return .json }
        switch name {
        case TypeRef.fileName: return .file
        case "Data": return .bytes
        case "JSON": return .json
        default:
            if TypeRef.builtins.contains(name) || route.check.isEnumeration(name) { return .text }
            return .json
        }
    }

    /// The `boundary` parameter of a `Content-Type`, unquoted.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The parts of `body` (RFC 7578), or `nil` when it is not framed by `boundary`.
    static func parts(of body: Data, boundary: String) -> [Part]? {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [13, 10]
        guard var start = bytes.firstRange(of: delimiter)?.upperBound else { return nil }
        var parts: [Part] = []
        while true {
            if bytes[start...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { return parts }
            guard bytes[start...].starts(with: crlf) else { return nil }
            let headerStart = start + 2
            guard let headerEnd = bytes[headerStart...].firstRange(of: crlf + crlf) else { return nil }
            let next = crlf + delimiter
            guard let end = bytes[headerEnd.upperBound...].firstRange(of: next) else { return nil }
            var part = Part(name: "", filename: nil, contentType: nil, body: Data(bytes[headerEnd.upperBound..<end.lowerBound]))
            let headerText = String(decoding: bytes[headerStart..<headerEnd.lowerBound], as: UTF8.self)
            for line in headerText.components(separatedBy: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let value = pair[1].trimmingCharacters(in: .whitespaces)
                switch pair[0].trimmingCharacters(in: .whitespaces).lowercased() {
                case "content-disposition":
                    part.name = parameter("name", in: value) ?? ""
                    part.filename = parameter("filename", in: value)
                case "content-type":
                    part.contentType = value
                default:
                    break
                }
            }
            parts.append(part)
            start = end.upperBound
        }
    }

    /// A parameter of a `Content-Disposition` (`name="photo"`), unquoted and unescaped.
    private static func parameter(_ name: String, in value: String) -> String? {
        var rest = Substring(value)
        while let semicolon = rest.firstIndex(of: ";") {
            rest = rest[rest.index(after: semicolon)...].drop { $0 == " " || $0 == "\t" }
            guard rest.lowercased().hasPrefix(name + "=") else { continue }
            let text = rest.dropFirst(name.count + 1)
            guard text.hasPrefix("\"") else { return String(text.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces) }
            var result = ""
            var escaped = false
            for character in text.dropFirst() {
                if escaped {
                    result.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    return result
                } else {
                    result.append(character)
                }
            }
            return nil
        }
        return nil
    }
}
