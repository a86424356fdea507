import CourierGenerator
import CourierSpec
import Foundation

/// Turns names from an OpenAPI document (schema keys, file names, operationIds, tags) into names
/// Courier accepts, and hands out model names without clashes.
struct NameRegistry {
    /// Names a model must not take: the spec's built-in types, and types the generated code uses
    /// without qualification inside a namespace (a model named `Error` would shadow `Swift.Error`
    /// there), which get a `Model` suffix.
    static let reserved: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "URL", "UUID", "Data", "JSON", "Empty", "File",
        "Environment", "ErrorEnvelope", "CodingKeys", "Request", "ServiceConfiguration", "HeaderItem", "JSONCoding",
        "CachePolicy", "FormFields", "JSONValue", "Duration", "Decoder", "Encoder", "CodingKey", "Codable", "Hashable",
        "Sendable", "CaseIterable", "RawRepresentable", "ParameterEncodable", "Optional", "WireKey", "FieldwiseEquatable",
        "Indirect", "Nullable", "Base64Data", "ResponseDecoding", "AsyncThrowingStream", "AuthScheme", "AuthSchemeName",
        "AuthSchemes", "Authenticator", "Body", "Client", "CourierError", "CustomStringConvertible", "DecodingError",
        "EndpointSamples", "Error", "ErrorMapping", "Event", "MultipartBody", "MultipartForm", "NamedWares", "Outcome",
        "PageItems", "Pages", "PlanContext", "PlanRunning", "RawResponse", "Redaction", "Response", "ResponseSample",
        "Self", "ServiceError", "ServiceEvent", "ServiceFailure", "StubTransport", "Transport", "URLSessionTransport",
        "Value", "Ware", "Type", "Protocol", "Any", "AnyObject", "Never", "Void", "Result", "Task", "Array",
        "Dictionary", "Set", "Character", "Substring", "Equatable", "Encodable", "Decodable", "Identifiable",
        "UploadFile", "TransferProgress", "Samples", "Items",
    ]

    private var taken: Set<String>

    /// Starts with `reserved` taken, plus `extra` (the service namespaces).
    init(extra: Set<String> = []) {
        taken = Self.reserved.union(extra)
    }

    /// Whether `name` is already used.
    func contains(_ name: String) -> Bool { taken.contains(name) }

    /// Claims the first free name among `candidates` (each made a type name); then the first with
    /// a number after it (`Pet2`, `Pet3`, …). A reserved name gets `Model` after it first.
    mutating func claim(_ candidates: [String]) -> String {
        let names = candidates.map(Self.typeName)
        for name in names where !taken.contains(name) {
            taken.insert(name)
            return name
        }
        let base = names.first ?? "Model"
        if Self.reserved.contains(base), !taken.contains(base + "Model") {
            taken.insert(base + "Model")
            return base + "Model"
        }
        var number = 2
        while taken.contains(base + String(number)) { number += 1 }
        taken.insert(base + String(number))
        return base + String(number)
    }

    /// An UpperCamelCase Swift type name made from any text: `droplet_single_create` →
    /// `DropletSingleCreate`, `global-hook` → `GlobalHook`, `1-Click Apps` → `OneClickApps`.
    static func typeName(_ text: String) -> String {
        var name = SwiftIdentifier.camelCase(text, upperFirst: true)
        name = String(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
            .map(Character.init))
        if let first = name.first, first.isNumber {
            name = Self.digitNames[Int(String(first)) ?? 0] + name.dropFirst()
        }
        if name.isEmpty || !SwiftName.isIdentifier(name) { name = "Model" + name.filter { $0.isLetter || $0.isNumber } }
        return name
    }

    /// A lowerCamelCase Swift identifier made from any text (for endpoints, cases and environments).
    static func memberName(_ text: String) -> String {
        var name = SwiftIdentifier.camelCase(text, upperFirst: false)
        name = String(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(Character.init))
        if let first = name.first, first.isNumber {
            let rest = name.dropFirst()
            name = Self.digitNames[Int(String(first)) ?? 0].lowercased() + rest.prefix(1).uppercased() + rest.dropFirst()
        }
        if name.isEmpty || !SwiftName.becomesIdentifier(name) { name = "value" + name }
        if Self.keywords.contains(name) { name += "Value" }
        return name
    }

    /// Digits spelled, for names that would start with one.
    static let digitNames = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"]

    /// Swift keywords and names the generator would put in backticks or rename; members avoid them.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "super", "throws", "true", "try", "await", "async", "none", "some", "any", "Self", "Type",
    ]
}

/// Normalises documentation text: `\r\n` line ends, trailing blanks, control characters.
enum TextCleanup {
    /// The text with `\n` line ends, no trailing blanks on lines, no control characters other than
    /// tabs and line breaks, and no leading or trailing blank lines.
    static func normalized(_ text: String) -> String {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let cleaned = String(unified.unicodeScalars.filter { scalar in
            scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value))
        }.map(Character.init))
        var lines = cleaned.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = Substring(line)
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            return String(line)
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}

/// A path split at `/`.
struct NSStringPath {
    /// The path.
    let path: String

    /// The last path component.
    var lastComponent: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The folder names, outermost first.
    var folders: [String] { path.split(separator: "/").dropLast().map(String.init) }
}
