/// Collects diagnostics while specs are read, checked and translated, so that no stage stops at
/// the first problem; the one log of the parser, the validator and the generator's translate stage.
package struct DiagnosticLog: Sendable {
    /// Everything reported so far, in the order it was found.
    package private(set) var diagnostics: [Diagnostic] = []

    /// An empty log.
    package init() {}

    /// Whether any error has been reported.
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Reports an error.
    package mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    /// Reports a warning.
    package mutating func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, message, at: location))
    }

    /// Adds context to the error or warning reported just before.
    package mutating func note(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.note, message, at: location))
    }

    /// Appends another log's diagnostics.
    package mutating func append(_ other: DiagnosticLog) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    /// Appends diagnostics found elsewhere, in their order.
    package mutating func append(_ more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    /// The diagnostics sorted by location, each keeping its notes right after it, and with exact
    /// repeats removed (a node reached through several aliases is checked once per use).
    package func sorted() -> [Diagnostic] {
        var groups: [[Diagnostic]] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, !groups.isEmpty {
                groups[groups.count - 1].append(diagnostic)
            } else {
                groups.append([diagnostic])
            }
        }
        var seen = Set<[Diagnostic]>()
        let unique = groups.filter { seen.insert($0).inserted }
        // Sorting indices with the original position as tie-breaker keeps equal locations in
        // the order they were found.
        let order = unique.indices.sorted { left, right in
            let (a, b) = (unique[left][0].location, unique[right][0].location)
            return a == b ? left < right : a < b
        }
        return order.flatMap { unique[$0] }
    }
}
