import Testing
@testable import CourierSpec

/// The path test specs are loaded under; `sample:` paths resolve against its directory.
let testFile = "/nonexistent/specs/test.courier.yaml"

/// Loads one inline spec.
func load(_ source: String, file: String = testFile) -> SpecLoadResult {
    SpecLoader().load(source: source, file: file)
}

/// The one spec an inline source parses to.
func spec(_ source: String) throws -> Spec {
    let result = load(source)
    return try #require(result.specs.first)
}

/// Every diagnostic as `line:column: severity: message`, the file left out.
func diagnostics(_ source: String, file: String = testFile) -> [String] {
    load(source, file: file).diagnostics.map(\.brief)
}

/// The diagnostics of `source` at `line` and `column`.
func diagnostics(_ source: String, at line: Int, _ column: Int) -> [String] {
    load(source).diagnostics.filter { $0.location.line == line && $0.location.column == column }.map(\.brief)
}

/// Reads inline YAML into a node tree.
func yaml(_ source: String, file: String = testFile) -> (root: YAMLNode?, diagnostics: [String]) {
    var log = DiagnosticLog()
    let root = YAMLDocumentReader.read(Array(source.utf8), file: file, log: &log)
    return (root, log.sorted().map(\.brief))
}

extension Diagnostic {
    /// `line:column: severity: message`.
    var brief: String { "\(location.line):\(location.column): \(severity.rawValue): \(message)" }
}

extension YAMLNode {
    /// The value under `key`, if this is a mapping holding it.
    subscript(key: String) -> YAMLNode? { pairs?.first { $0.key == key }?.value }

    /// `line:column` of the node.
    var position: String { "\(location.line):\(location.column)" }
}
