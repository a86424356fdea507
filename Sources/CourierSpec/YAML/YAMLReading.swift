/// Reads any YAML document (JSON included) into a ``YAMLNode`` tree with the same libyaml reader,
/// limits and diagnostics that spec files get, for tools that read other YAML, such as the
/// OpenAPI importer.
public enum YAMLReading {
    /// The root node of the one document in `bytes` (UTF-8 text from `file`), of any kind, and the
    /// diagnostics reading it produced (syntax errors at their line and column, duplicate keys,
    /// a second document). The root is `nil` when the text is broken or holds no document.
    public static func document(_ bytes: [UInt8], file: String) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        var log = DiagnosticLog()
        let root = YAMLDocumentReader.readValue(bytes, file: file, log: &log)
        return (root, log.sorted())
    }
}
