import CourierSpec

/// Collects, while importing, the errors that stop an import (bad input) and the notes of what
/// was approximated; each at most once.
final class ImportLog {
    /// Errors: the input cannot be imported (not OpenAPI, a broken `$ref`, a missing file, a cycle
    /// through `allOf`).
    private(set) var errors: [Diagnostic] = []
    /// What was approximated or left unchecked.
    private(set) var notes: [ImportNote] = []
    private var seenErrors = Set<Diagnostic>()
    private var seenNotes = Set<String>()
    /// Turns absolute paths into the paths reports show (relative to the root document).
    let displayPath: (String) -> String

    /// Creates a log showing paths through `displayPath`.
    init(displayPath: @escaping (String) -> String) {
        self.displayPath = displayPath
    }

    /// Reports an error at `location`.
    func error(_ message: String, at location: SourceLocation) {
        let diagnostic = Diagnostic(.error, message, at: location)
        if seenErrors.insert(diagnostic).inserted { errors.append(diagnostic) }
    }

    /// Reports an approximation of `node`.
    func approximation(_ kind: String, _ node: DocumentNode, _ message: String) {
        note(.approximation, kind, node, message)
    }

    /// Reports a validation keyword of `node` that the client does not check.
    func unchecked(_ kind: String, _ node: DocumentNode, _ message: String) {
        note(.unchecked, kind, node, message)
    }

    private func note(_ severity: ImportNote.Severity, _ kind: String, _ node: DocumentNode, _ message: String) {
        let pointer = pointerText(node)
        guard seenNotes.insert(kind + " " + pointer + " " + message).inserted else { return }
        notes.append(ImportNote(severity: severity, kind: kind, pointer: pointer, location: node.location, message: message))
    }

    /// `#/components/schemas/Pet` in the root file, `models/pet.yml#/properties/id` elsewhere.
    func pointerText(_ node: DocumentNode) -> String {
        let file = displayPath(node.file)
        return (file.isEmpty ? "" : file) + "#" + node.pointer
    }

    /// The report of everything noted, sorted by file, line and column.
    var report: ImportReport {
        ImportReport(notes: notes.enumerated().sorted { left, right in
            left.element.location == right.element.location ? left.offset < right.offset : left.element.location < right.element.location
        }.map(\.element))
    }
}
