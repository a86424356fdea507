/// Joins the renders of several templates into one Swift file.
enum GeneratedText {
    /// `parts` one after the other, each after the first without its leading comment lines and
    /// the imports the file already has; an import the file lacks moves up beside the others.
    static func joined(_ parts: [String]) -> String {
        guard var lines = parts.first.map({ $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }) else {
            return ""
        }
        for part in parts.dropFirst() {
            var rest = part.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
            var imports: [String] = []
            while let line = rest.first {
                let trimmed = line.trimmingWhitespace
                if trimmed.hasPrefix("import ") {
                    if !lines.contains(trimmed) { imports.append(trimmed) }
                } else if !(trimmed.isEmpty || trimmed.hasPrefix("//")) {
                    break
                }
                rest = rest.dropFirst()
            }
            let lastImport = lines.lastIndex { $0.hasPrefix("import ") }.map { $0 + 1 } ?? 0
            lines.insert(contentsOf: imports, at: lastImport)
            while lines.last == "" { lines.removeLast() }
            lines += [""] + rest
        }
        return lines.joined(separator: "\n")
    }
}
