/// Reads a spec file's YAML into a node tree: exactly one document whose root is a mapping.
enum YAMLDocumentReader {
    /// The root mapping of `bytes` (UTF-8 text from `file`), or `nil` after reporting why not.
    static func read(_ bytes: [UInt8], file: String, log: inout DiagnosticLog) -> YAMLNode? {
        let origin = SourceLocation(file: file, line: 1, column: 1)
        let document: YAMLNode
        switch readFirstDocument(bytes, file: file, log: &log) {
        case .broken:
            return nil
        case .noDocument:
            log.error("the spec file is empty; a spec needs at least `service:`", at: origin)
            return nil
        case .root(let root):
            document = root
        }
        switch document.content {
        case .mapping:
            return document
        case .scalar(let scalar) where scalar.isNull:
            log.error("the spec file is empty; a spec needs at least `service:`", at: document.location)
        default:
            log.error(
                "the top level of a spec must be a mapping of keys such as `service:`, found \(document.kindDescription)",
                at: document.location)
        }
        return nil
    }

    /// The root of a one-document YAML text of any kind (such as a default value `[1, 2]`), or
    /// `nil` after reporting why not.
    static func readValue(_ bytes: [UInt8], file: String, log: inout DiagnosticLog) -> YAMLNode? {
        if case .root(let root) = readFirstDocument(bytes, file: file, log: &log) { return root }
        return nil
    }

    private enum FirstDocument {
        /// The YAML is broken; the reason is in the log.
        case broken
        /// The stream holds no document at all (an empty file, or only comments).
        case noDocument
        /// The first document's root node.
        case root(YAMLNode)
    }

    /// The first document's root; a second document is reported and ignored.
    private static func readFirstDocument(_ bytes: [UInt8], file: String, log: inout DiagnosticLog) -> FirstDocument {
        let reader = LibYAMLEventReader(bytes: bytes, file: file)
        var builder = YAMLTreeBuilder()
        var root: YAMLNode?
        var documents = 0
        while true {
            switch reader.next() {
            case .failure(let error):
                YAMLSyntaxErrorReport.report(error, source: SourceLines(bytes: bytes), log: &log)
                YAMLSyntaxResume.reportLaterErrors(bytes, after: error.problemLocation.line, file: file, log: &log)
                return .broken
            case .event(let located):
                switch located.event {
                case .streamEnd:
                    return root.map(FirstDocument.root) ?? .noDocument
                case .documentStart:
                    documents += 1
                    if documents > 1 {
                        log.error(
                            "a spec file holds one YAML document; remove this second one (or the `---` above it)",
                            at: located.start)
                        return root.map(FirstDocument.root) ?? .noDocument
                    }
                case .streamStart, .documentEnd:
                    continue
                default:
                    switch builder.add(located, log: &log) {
                    case .needsMore: continue
                    case .finished(let node): root = node
                    case .failed: return .broken
                    }
                }
            }
        }
    }
}
