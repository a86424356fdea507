import CourierSpec
import Foundation

/// Whether a sample's JSON decodes as a spec type the way the generated client would decode it:
/// scalars by the decoder's rules, optionals and `nullable:` fields, defaults for missing keys,
/// arrays, dictionaries, nested models, unions, renamed keys (and `keys: snakeCase`), dates in
/// their format, URLs, UUIDs and base64 `Data`.
///
/// Enums are lenient at run time (an unknown value decodes as `.unknown`), so a value that is no
/// case is not a mismatch; one that looks like a misspelt case gets a warning. Keys the model
/// does not have are ignored by the decoder too; one that looks like a misspelt field's key gets a
/// warning.
struct SampleFit {
    /// A model of the load, with how the spec declaring it spells its keys.
    struct ModelEntry {
        /// The model.
        let model: Model
        /// Whether its spec says `keys: snakeCase` (its coding keys are then converted names).
        let snakeCaseKeys: Bool
    }

    /// One way the sample does not fit.
    struct Mismatch: Equatable, CustomStringConvertible {
        /// Where in the JSON, as the runtime's decoding errors write it (`[1].owner_id`); empty at the top.
        let path: String
        /// What is wrong there.
        let message: String
        /// Whether it still decodes (a warning) rather than fails (an error).
        let isWarning: Bool
        /// The same place as an RFC 6901 JSON Pointer (`/1/owner_id`); empty at the top.
        var pointer = ""
        /// For a missing key, its wire name (the place is the object that lacks it).
        var missingKey: String?

        /// `at [1].owner_id: expected Int, found "7"`.
        var description: String { "at \(path.isEmpty ? "the top level" : path): \(message)" }
    }

    /// Every model of the load by name.
    let models: [String: ModelEntry]
    /// The calling service's date format.
    let dateFormat: DateFormat
    /// Whether the calling service's decoder converts keys from snake_case.
    let convertsFromSnakeCase: Bool
    /// How many problems to report before giving up on a sample.
    var limit = 10
    /// Whether an enum value that is no case of its enum is an error (a request the server checks)
    /// rather than accepted, as the lenient generated enums decode it (a sample the client reads).
    var strictEnums = false

    /// The ways `value` does not decode as `type`, errors and warnings, in document order (object
    /// keys in field order), at most ``limit``.
    func mismatches(_ value: SampleJSON, as type: TypeRef) -> [Mismatch] {
        var found: [Mismatch] = []
        check(value, as: type, format: nil, at: [], into: &found)
        return Array(found.prefix(limit))
    }

    /// One step of a JSON path.
    private enum Step {
        case index(Int)
        case key(String)
    }

    private static func text(of path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                text += plain ? (text.isEmpty ? key : "." + key) : "[\"\(key)\"]"
            }
        }
        return text
    }

    /// `path` as an RFC 6901 JSON Pointer: `~` and `/` in keys escaped as `~0` and `~1`.
    private static func pointer(of path: [Step]) -> String {
        path.map { step in
            switch step {
            case .index(let index): "/\(index)"
            case .key(let key): "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }
        }.joined()
    }

    private func report(
        _ message: String, at path: [Step], warning: Bool = false, missingKey: String? = nil, into found: inout [Mismatch]
    ) {
        guard found.count < limit else { return }
        var mismatch = Mismatch(path: Self.text(of: path), message: message, isWarning: warning)
        mismatch.pointer = Self.pointer(of: path)
        mismatch.missingKey = missingKey
        found.append(mismatch)
    }

    private func check(_ value: SampleJSON, as type: TypeRef, format: DateFormat?, at path: [Step], into found: inout [Mismatch]) {
        guard found.count < limit else { return }
        switch type {
        case .optional(let wrapped):
            if value != .null { check(value, as: wrapped, format: format, at: path, into: &found) }
        case .array(let element):
            guard case .array(let items) = value else {
                return report("expected a list (\(type)), found \(value.shown)", at: path, into: &found)
            }
            for (index, item) in items.enumerated() {
                check(item, as: element, format: nil, at: path + [.index(index)], into: &found)
            }
        case .dictionary(let valueType):
            guard case .object(let pairs) = value else {
                return report("expected an object (\(type)), found \(value.shown)", at: path, into: &found)
            }
            for key in pairs.keys.sorted() {
                check(pairs[key] ?? .null, as: valueType, format: nil, at: path + [.key(key)], into: &found)
            }
        case .named(let name):
            if value == .null {
                return report("null for a \(name) that is not optional", at: path, into: &found)
            }
            if let problem = Self.scalarProblem(value, name: name, format: format ?? dateFormat) {
                return report(problem, at: path, into: &found)
            }
            guard !TypeRef.builtins.contains(name), let entry = models[name] else { return }
            switch entry.model.kind {
            case .enumeration(let definition):
                checkEnum(value, definition, name: name, at: path, into: &found)
            case .union(let definition):
                checkUnion(value, definition, entry: entry, name: name, at: path, into: &found)
            case .object(let fields):
                checkObject(value, fields, entry: entry, name: name, at: path, into: &found)
            }
        }
    }

    /// What is wrong with `value` as the built-in `name` (`nil` when it fits, or `name` is a model).
    private static func scalarProblem(_ value: SampleJSON, name: String, format: DateFormat) -> String? {
        let expected: String
        switch (name, value) {
        case ("JSON", _), ("Empty", _), ("File", _):
            return nil
        case ("String", .string), ("Bool", .bool), ("Int", .integer), ("Int64", .integer), ("Double", .integer), ("Double", .number):
            return nil
        case ("Int32", .integer(let number)):
            guard Int64(Int32.min)...Int64(Int32.max) ~= number else { return "\(number) does not fit in an Int32" }
            return nil
        case ("Float", .integer), ("Float", .number(_)):
            if case .number(let number) = value, abs(number) > Double(Float.greatestFiniteMagnitude) {
                return "\(number) does not fit in a Float"
            }
            return nil
        case ("Date", _):
            return dateProblem(value, format: format)
        case ("URL", .string(let text)):
            return URL(string: text) == nil ? "\(value.shown) is not a URL" : nil
        case ("UUID", .string(let text)):
            return UUID(uuidString: text) == nil ? "\(value.shown) is not a UUID" : nil
        case ("Data", .string(let text)):
            return isBase64(text) ? nil : "\(value.shown) is not base64 text"
        case ("Int", _), ("Int64", _), ("Int32", _):
            expected = value.isNumber ? "an integer \(name)" : name
        case ("String", _), ("Bool", _), ("Double", _), ("Float", _), ("URL", _), ("UUID", _), ("Data", _):
            expected = name == "Data" ? "Data (base64 text)" : name
        default:
            return nil
        }
        return "expected \(expected), found \(value.shown)"
    }

    /// A date in `format`: ISO-8601 text (fractional seconds and offsets allowed), a day
    /// (`2024-05-01`), or a number of seconds or milliseconds.
    private static func dateProblem(_ value: SampleJSON, format: DateFormat) -> String? {
        switch (format, value) {
        case (.secondsSince1970, .integer), (.secondsSince1970, .number),
             (.millisecondsSince1970, .integer), (.millisecondsSince1970, .number):
            return nil
        case (.secondsSince1970, _), (.millisecondsSince1970, _):
            return "expected a date as a number (\(format.rawValue)), found \(value.shown)"
        case (.date, .string(let text)):
            return SampleDates.isDay(text) ? nil : "\(value.shown) is not a date in the format date (such as 2024-05-01)"
        case (_, .string(let text)):
            return SampleDates.isTimestamp(text)
                ? nil : "\(value.shown) is not a date in the format iso8601 (such as 2024-05-01T12:00:00Z)"
        default:
            return "expected a date as text (\(format.rawValue)), found \(value.shown)"
        }
    }

    /// Base64 as `Base64Data` reads it: the standard alphabet, line breaks, spaces and tabs
    /// skipped, `=` padding only at the end and matching the last group.
    static func isBase64(_ text: String) -> Bool {
        var characters = 0
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "="):
                padding += 1
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                guard padding == 0 else { return false }
                characters += 1
            default:
                return false
            }
        }
        switch characters % 4 {
        case 0: return padding == 0
        case 2: return padding == 0 || padding == 2
        case 3: return padding <= 1
        default: return false
        }
    }

    private func checkEnum(_ value: SampleJSON, _ definition: EnumDefinition, name: String, at path: [Step], into found: inout [Mismatch]) {
        let values = definition.cases.map(\.value.value)
        switch (definition.rawType, value) {
        case (.string, .string(let text)):
            if strictEnums, !values.contains(text) {
                return report(
                    "\(value.shown) is not a case of \(name) (\(values.joined(separator: ", ")))"
                        + Suggestion.didYouMean(text, among: values),
                    at: path, into: &found)
            }
            guard !values.contains(text), let close = Suggestion.closest(to: text, among: values) else { return }
            report(
                "\(value.shown) is not a case of \(name), so it decodes as .unknown; did you mean '\(close)'?",
                at: path, warning: true, into: &found)
        case (.integer, .integer(let number)):
            if strictEnums, !values.contains(String(number)) {
                report("\(number) is not a case of \(name) (\(values.joined(separator: ", ")))", at: path, into: &found)
            }
        case (.string, _):
            report("expected \(name) (a string), found \(value.shown)", at: path, into: &found)
        case (.integer, _):
            report("expected \(name) (an integer), found \(value.shown)", at: path, into: &found)
        }
    }

    private func checkUnion(
        _ value: SampleJSON, _ definition: UnionDefinition, entry: ModelEntry, name: String, at path: [Step],
        into found: inout [Mismatch]
    ) {
        if let discriminator = definition.discriminator?.value {
            guard case .object(let pairs) = value else {
                return report("expected \(name) (an object with `\(discriminator)`), found \(value.shown)", at: path, into: &found)
            }
            let key = codingKey(wire: discriminator, snakeCaseKeys: entry.snakeCaseKeys)
            // Without the key (or with `null`) the value decodes as `.unknown`, as an unknown case does.
            guard let tag = pairs.first(where: { decoded($0.key) == key })?.value, tag != .null else {
                return report(
                    "no '\(discriminator)', which says which case of \(name) this is, so it decodes as .unknown",
                    at: path, warning: true, into: &found)
            }
            guard case .string(let text) = tag else {
                return report("expected the case name of \(name) as a string, found \(tag.shown)", at: path + [.key(discriminator)], into: &found)
            }
            // Another value is a case this client does not know yet: it decodes as `.unknown`.
            guard let chosen = definition.cases.first(where: { $0.value.value == text }) else { return }
            check(value, as: chosen.type.value, format: nil, at: path, into: &found)
            return
        }
        for unionCase in definition.cases {
            var trial: [Mismatch] = []
            check(value, as: unionCase.type.value, format: nil, at: path, into: &trial)
            if !trial.contains(where: { !$0.isWarning }) {
                found += trial.prefix(limit - found.count)
                return
            }
        }
        let types = definition.cases.map(\.type.value.description).joined(separator: ", ")
        report("\(value.shown) is none of the cases of \(name) (\(types))", at: path, into: &found)
    }

    private func checkObject(
        _ value: SampleJSON, _ fields: [Field], entry: ModelEntry, name: String, at path: [Step], into found: inout [Mismatch]
    ) {
        guard case .object(let pairs) = value else {
            return report("expected \(name) (an object), found \(value.shown)", at: path, into: &found)
        }
        var byKey: [String: (wire: String, value: SampleJSON)] = [:]
        for (wire, item) in pairs { byKey[decoded(wire)] = (wire, item) }
        var known: Set<String> = []
        for field in fields {
            let key = codingKey(for: field, snakeCaseKeys: entry.snakeCaseKeys)
            known.insert(key)
            let type = field.type.value
            let wireName = wireName(of: field, snakeCaseKeys: entry.snakeCaseKeys)
            guard let present = byKey[key] else {
                if field.nullable, !type.isOptional {
                    report(
                        "missing key '\(wireName)' of \(name) (it may be null, but must be present)", at: path,
                        missingKey: wireName, into: &found)
                } else if !type.isOptional, field.defaultValue == nil {
                    report("missing key '\(wireName)' of \(name)", at: path, missingKey: wireName, into: &found)
                }
                continue
            }
            let here = path + [.key(present.wire)]
            if present.value == .null {
                if !type.isOptional, !field.nullable, field.defaultValue == nil {
                    report("null for \(name).\(field.name.value), which is a \(type) and not optional", at: here, into: &found)
                }
                continue
            }
            let format = type.nonOptional == .named("Date") ? field.format?.value : nil
            check(present.value, as: type.nonOptional, format: format, at: here, into: &found)
        }
        let wireNames = fields.map { wireName(of: $0, snakeCaseKeys: entry.snakeCaseKeys) }
        for wire in pairs.keys.sorted() where !known.contains(decoded(wire)) {
            guard let close = Suggestion.closest(to: wire, among: wireNames) else { continue }
            report(
                "key '\(wire)' is not a field of \(name), so it is ignored; did you mean '\(close)'?",
                at: path, warning: true, into: &found)
        }
    }

    /// A JSON key as the calling service's decoder hands it to coding keys.
    private func decoded(_ wire: String) -> String {
        convertsFromSnakeCase ? SnakeCaseKeys.fromSnakeCase(wire) : wire
    }

    /// The coding key a field of a model from a spec with (or without) `keys: snakeCase` has.
    private func codingKey(for field: Field, snakeCaseKeys: Bool) -> String {
        guard snakeCaseKeys else { return field.key ?? field.name.value }
        return SnakeCaseKeys.fromSnakeCase(field.key ?? SnakeCaseKeys.toSnakeCase(field.name.value))
    }

    /// The coding key of a key written as it is on the wire (a discriminator).
    private func codingKey(wire: String, snakeCaseKeys: Bool) -> String {
        snakeCaseKeys ? SnakeCaseKeys.fromSnakeCase(wire) : wire
    }

    /// How a field's key is spelled on the wire, for messages.
    private func wireName(of field: Field, snakeCaseKeys: Bool) -> String {
        field.key ?? (snakeCaseKeys ? SnakeCaseKeys.toSnakeCase(field.name.value) : field.name.value)
    }
}

extension SampleJSON {
    /// Whether this is a number, integral or not.
    fileprivate var isNumber: Bool {
        switch self {
        case .integer, .number: true
        default: false
        }
    }
}
