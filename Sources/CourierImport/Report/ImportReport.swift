import CourierSpec

/// One thing of the OpenAPI document that the importer could not say exactly in Courier's
/// language: where it is (its JSON pointer and its line), what kind of thing it is, and what was
/// done instead.
public struct ImportNote: Sendable, Hashable, CustomStringConvertible {
    /// How much it matters.
    public enum Severity: String, Sendable, Hashable {
        /// The generated client differs from what the document describes (a keyword dropped, a
        /// type widened, a parameter sent as text): `--strict` makes these errors.
        case approximation
        /// A validation keyword (`maxLength`, `pattern`, `minimum`, …) the client does not check;
        /// the shape of the data is unchanged, so `--strict` lets these pass.
        case unchecked
    }

    /// How much it matters.
    public var severity: Severity
    /// What it is, for counting: `not`, `additionalProperties`, `xml`, `callbacks`, `cookie`, …
    public var kind: String
    /// The JSON pointer of what was approximated, with its file when that is not the root
    /// document (`resources/droplets/models/droplet.yml#/properties/status`).
    public var pointer: String
    /// Where it is written.
    public var location: SourceLocation
    /// What was done instead.
    public var message: String

    /// Creates a note.
    public init(severity: Severity, kind: String, pointer: String, location: SourceLocation, message: String) {
        self.severity = severity
        self.kind = kind
        self.pointer = pointer
        self.location = location
        self.message = message
    }

    /// `file:line:column: approximation: [kind] pointer: message`.
    public var description: String {
        "\(location): \(severity.rawValue): [\(kind)] \(pointer): \(message)"
    }
}

/// Everything one import approximated, in document order.
public struct ImportReport: Sendable {
    /// The notes, sorted by location.
    public var notes: [ImportNote]

    /// Creates a report.
    public init(notes: [ImportNote]) {
        self.notes = notes
    }

    /// The notes that change what the client does (`--strict` fails on these).
    public var approximations: [ImportNote] { notes.filter { $0.severity == .approximation } }

    /// How many notes of each severity and kind, most frequent first (ties by name).
    public func counts(of severity: ImportNote.Severity) -> [(kind: String, count: Int)] {
        var counts: [String: Int] = [:]
        for note in notes where note.severity == severity { counts[note.kind, default: 0] += 1 }
        return counts.map { ($0.key, $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.kind < $1.kind }
    }

    /// A one-line summary of the counts: `12 approximations (not 3, xml 2, …); 40 unchecked
    /// validation keywords (maxLength 20, …)`.
    public var summary: String {
        func list(_ counts: [(kind: String, count: Int)]) -> String {
            counts.map { "\($0.kind) \($0.count)" }.joined(separator: ", ")
        }
        let approximations = counts(of: .approximation)
        let unchecked = counts(of: .unchecked)
        let approximationTotal = approximations.reduce(0) { $0 + $1.count }
        let uncheckedTotal = unchecked.reduce(0) { $0 + $1.count }
        var text = "\(approximationTotal) approximation\(approximationTotal == 1 ? "" : "s")"
        if !approximations.isEmpty { text += " (\(list(approximations)))" }
        text += "; \(uncheckedTotal) unchecked validation keyword\(uncheckedTotal == 1 ? "" : "s")"
        if !unchecked.isEmpty { text += " (\(list(unchecked)))" }
        return text
    }

    /// The report as a text file: a header naming the input, the summary, then every note, one per line.
    public func rendered(input: String) -> String {
        var text = "# courier-import report for \(input)\n# \(summary)\n"
        text += "# Each line: file:line:column: severity: [kind] JSON pointer: what was done.\n"
        for note in notes { text += note.description + "\n" }
        return text
    }
}
