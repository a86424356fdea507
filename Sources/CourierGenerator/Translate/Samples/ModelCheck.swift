import CourierSpec
import Foundation

/// Whether JSON, or the text of a parameter, fits a spec type: the check the generator runs on
/// sample bodies, offered for anything else that must fit the spec's models, such as the requests
/// `courier-mock` receives.
///
/// JSON is read as the generated client's decoder reads it (missing keys, `null`, number kinds,
/// ranges, date formats, URLs, UUIDs, base64, nested models, unions, renamed keys). Unlike a
/// sample's check, an enum value that is no case of its enum is a problem when ``strictEnums`` is
/// on: a server checking a request does not share the client's leniency.
public struct ModelCheck: Sendable {
    /// One way a value does not fit.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where, as the runtime's decoding errors write it (`[1].owner_id`, `name`); for a missing
        /// key, the key itself inside its object. Empty for the whole value.
        public var field: String
        /// The same place as an RFC 6901 JSON Pointer (`/1/owner_id`).
        public var pointer: String
        /// What is wrong (`expected Int, found "7"`).
        public var message: String
        /// Whether the value still decodes (a misspelt key, say) rather than fails.
        public var isWarning: Bool

        /// `name: missing key 'name' of NewPet`.
        public var description: String { field.isEmpty ? message : "\(field): \(message)" }
    }

    /// Why a body is not JSON at all.
    public struct NotJSON: Error, Sendable, Hashable {
        /// The parser's words with the line and column (`invalid value around line 2, column 6`).
        public var reason: String
    }

    private let fit: SampleFit
    private let models: [String: Model]

    /// A check against the models of `specs` (loaded together), with the date format and key
    /// strategy of `service`, the spec whose client sends or reads the JSON.
    public init(specs: [Spec], service: Spec, strictEnums: Bool = true, limit: Int = 20) {
        let entries = SampleResolution.models(of: specs)
        var fit = SampleFit(
            models: entries, dateFormat: service.dateFormat?.value ?? .iso8601,
            convertsFromSnakeCase: service.keyStrategy?.value == .snakeCase)
        fit.strictEnums = strictEnums
        fit.limit = limit
        self.fit = fit
        self.models = entries.mapValues(\.model)
    }

    /// Whether an enum value that is no case of its enum is a problem.
    public var strictEnums: Bool { fit.strictEnums }

    /// Whether `name` is an enum model (sent as text in parameters, form fields and text parts).
    public func isEnumeration(_ name: String) -> Bool {
        guard let model = models[name], case .enumeration = model.kind else { return false }
        return true
    }

    /// The problems of `data` as JSON of `type`, errors and warnings, in document order; or why it
    /// is not JSON.
    public func problems(inJSON data: Data, as type: TypeRef) -> Result<[Problem], NotJSON> {
        switch SampleJSON.parse(data) {
        case .failure(let failure):
            return .failure(NotJSON(reason: failure.reason))
        case .success(let json):
            return .success(fit.mismatches(json, as: type).map(Self.problem))
        }
    }

    /// What is wrong with `text` as the value of a path, query, header, form or multipart text
    /// parameter of `type` (a scalar or an enum, as the runtime's `ParameterValue` writes them:
    /// `true`/`false`, dates as ISO-8601, integers in range), or `nil` when it fits. A list type
    /// checks one element; the caller splits repeated values.
    public func problem(inParameter text: String, as type: TypeRef) -> String? {
        switch type {
        case .optional(let wrapped), .array(let wrapped):
            return problem(inParameter: text, as: wrapped)
        case .dictionary:
            return nil
        case .named(let name):
            if let model = models[name] {
                guard case .enumeration(let definition) = model.kind else { return nil }
                let values = definition.cases.map(\.value.value)
                if definition.rawType == .integer, Int64(text) == nil { return "expected \(name) (an integer), found \"\(text)\"" }
                guard strictEnums, !values.contains(text) else { return nil }
                return "\"\(text)\" is not a case of \(name) (\(values.joined(separator: ", ")))"
                    + Suggestion.didYouMean(text, among: values)
            }
            return Self.scalarProblem(text, name: name)
        }
    }

    private static func scalarProblem(_ text: String, name: String) -> String? {
        let fits: Bool
        switch name {
        case "Int", "Int64": fits = Int64(text) != nil
        case "Int32": fits = Int32(text) != nil
        case "Double", "Float": fits = Double(text).map { $0.isFinite && (name == "Double" || abs($0) <= Double(Float.greatestFiniteMagnitude)) } ?? false
        case "Bool": fits = text == "true" || text == "false"
        case "Date": fits = SampleDates.isTimestamp(text) || SampleDates.isDay(text)
        case "UUID": fits = UUID(uuidString: text) != nil
        case "URL": fits = !text.isEmpty && URL(string: text) != nil
        default: return nil
        }
        guard !fits else { return nil }
        let expected = switch name {
        case "Bool": "Bool (true or false)"
        case "Date": "Date (ISO 8601, such as 2024-05-01T12:00:00Z)"
        case "Int32": "Int32 (a whole number from \(Int32.min) to \(Int32.max))"
        case "Int", "Int64": "\(name) (a whole number)"
        default: name
        }
        return "expected \(expected), found \"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
    }

    private static func problem(_ mismatch: SampleFit.Mismatch) -> Problem {
        var field = mismatch.path
        var pointer = mismatch.pointer
        if let key = mismatch.missingKey {
            let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            field += plain ? (field.isEmpty ? key : "." + key) : "[\"\(key)\"]"
            pointer += "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        return Problem(field: field, pointer: pointer, message: mismatch.message, isWarning: mismatch.isWarning)
    }
}
