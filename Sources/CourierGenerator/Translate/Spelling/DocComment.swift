import CourierSpec

/// `///` lines from a spec's summary, description and deprecation.
enum DocComment {
    /// The summary, a blank line, then the description; each line prefixed with `///`.
    static func lines(summary: String?, description: String?) -> [String] {
        var paragraphs: [[String]] = []
        for text in [summary, description] {
            if let text, !text.trimmingWhitespace.isEmpty { paragraphs.append(split(text)) }
        }
        return join(paragraphs)
    }

    /// Lines for `documentation`, with `fallback` as the summary when the spec has none, and a
    /// deprecation note when `noteDeprecation` is set (used where `@available` would make the
    /// generated code warn).
    static func lines(_ documentation: Documentation, fallback: String? = nil, noteDeprecation: Bool = false) -> [String] {
        var paragraphs: [[String]] = []
        if let summary = documentation.summary ?? fallback, !summary.trimmingWhitespace.isEmpty {
            paragraphs.append(split(summary))
        }
        if let description = documentation.description, !description.trimmingWhitespace.isEmpty {
            paragraphs.append(split(description))
        }
        if noteDeprecation, let deprecation = documentation.deprecated {
            let note = deprecation.message.map { "Deprecated: \($0)" } ?? "Deprecated."
            paragraphs.append(split("- Important: " + note))
        }
        return join(paragraphs)
    }

    /// `- Parameters:` entries for the parameters that have documentation.
    static func parameters(_ entries: [(name: String, documentation: Documentation)]) -> [String] {
        let documented = entries.compactMap { entry -> (String, [String])? in
            let text = [entry.documentation.summary, entry.documentation.description]
                .compactMap { $0 }.filter { !$0.trimmingWhitespace.isEmpty }.joined(separator: " ")
            return text.isEmpty ? nil : (entry.name, split(text))
        }
        guard !documented.isEmpty else { return [] }
        var lines = ["/// - Parameters:"]
        for (name, textLines) in documented {
            lines.append("///   - \(name): \(textLines[0].dropFirst(4))")
            lines += textLines.dropFirst().map { $0 == "///" ? $0 : "///     " + $0.dropFirst(4) }
        }
        return lines
    }

    /// An `@available(*, deprecated…)` attribute, if deprecated.
    static func availability(_ documentation: Documentation) -> [String] {
        guard let deprecation = documentation.deprecated else { return [] }
        guard let message = deprecation.message, !message.isEmpty else { return ["@available(*, deprecated)"] }
        return ["@available(*, deprecated, message: \(SwiftLiteral.string(message)))"]
    }

    /// Joins paragraphs with blank `///` lines.
    static func join(_ paragraphs: [[String]]) -> [String] {
        var lines: [String] = []
        for paragraph in paragraphs {
            if !lines.isEmpty { lines.append("///") }
            lines += paragraph
        }
        return lines
    }

    /// `///` lines for a sentence the generator writes around spec text (`` `type` is `user`. ``);
    /// every doc line built from a spec value goes through here or ``lines(summary:description:)``.
    static func sentence(_ text: String) -> [String] {
        split(text)
    }

    /// Spec text quoted in code voice inside one doc line: backticks become `'` (they would end
    /// the code span) and line breaks spaces.
    static func code(_ text: String) -> String {
        oneLine(text).replacingOccurrences(of: "`", with: "'")
    }

    /// `text` with every line break (`\n`, `\r\n`, `\r`) a space: the compiler ends a `//` comment
    /// at either scalar, so text after one would be code.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    /// Splits text into `///` lines, trimming trailing whitespace and outer blank lines. Lines end
    /// at `\n`, `\r\n` and `\r`, compared as scalars: `"\r\n"` is one `Character`, which `"\n"`
    /// does not match, and the compiler ends a comment at a lone `\r` too.
    private static func split(_ text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if scalar == "\n", afterReturn { continue }
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(line).trimmingTrailingWhitespace)
                line = String.UnicodeScalarView()
            } else {
                line.append(scalar)
            }
        }
        lines.append(String(line).trimmingTrailingWhitespace)
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? "///" : "/// " + $0 }
    }
}

extension StringProtocol {
    /// The text without leading or trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let scalars = Array(unicodeScalars)
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[start...end])
        return String(result)
    }

    /// The text without trailing whitespace.
    var trimmingTrailingWhitespace: String {
        let scalars = Array(unicodeScalars)
        guard let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[...end])
        return String(result)
    }
}
