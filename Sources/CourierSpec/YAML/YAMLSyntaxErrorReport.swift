/// Turns a libyaml syntax error into diagnostics: the error where it helps most, libyaml's
/// other mark as a note, and a hint for the mistakes spec authors make most often.
enum YAMLSyntaxErrorReport {
    /// The advice for optional types that YAML reads as key indicators (`?`) in a flow mapping.
    static func flowMappingOptionalAdvice(type: String) -> String {
        "optional types inside a flow mapping `{ … }` are read by YAML as key indicators; "
            + "use a block mapping (one field per line) or quote the type: \"\(type)\""
    }

    /// Reports `error`, found in `source`.
    static func report(_ error: YAMLSyntaxError, source: SourceLines, log: inout DiagnosticLog) {
        // Scanner errors ("while scanning a quoted scalar") have the start of the broken token
        // as context: the best place to point. Parser errors ("while parsing a block mapping")
        // have the start of the enclosing collection as context, often many lines above the
        // offending token, which the problem mark points at.
        // A problem found only at the end of the input (an unclosed `[`) is also best shown
        // where the unfinished construct started.
        let preferContext = error.context?.hasPrefix("while scanning") == true
            || source.onlyBlanks(from: error.problemLocation)
        let primary = preferContext ? (error.contextLocation ?? error.problemLocation) : error.problemLocation
        log.error("YAML syntax error: \(error.problem)", at: primary)
        if primary != error.problemLocation {
            log.note("the problem was found here", at: error.problemLocation)
        } else if let context = error.context, let contextLocation = error.contextLocation,
                  contextLocation != primary {
            log.note("\(context) that starts here", at: contextLocation)
        }
        addHints(for: error, source: source, log: &log)
    }

    private static func addHints(for error: YAMLSyntaxError, source: SourceLines, log: inout DiagnosticLog) {
        let location = error.problemLocation
        guard let line = source.line(location.line) else { return }
        let characters = Array(line)
        if let hint = collectionDefaultHint(in: characters) {
            log.note(hint.message, at: SourceLocation(file: location.file, line: location.line, column: hint.column))
            return
        }
        let index = location.column - 1
        guard characters.indices.contains(index) else { return }
        if error.problem.hasPrefix("mapping values are not allowed"), let hint = colonInTextHint(in: characters) {
            log.note(hint.message, at: SourceLocation(file: location.file, line: location.line, column: hint.column))
            return
        }
        if characters[index] == "{", index > 0, characters[index - 1] == "/" {
            let path = pathToken(around: index, in: characters)
            log.note(
                "YAML reads `{` inside a flow mapping `{ … }` as the start of a mapping; quote paths with "
                    + "placeholders: \"\(path.text)\"",
                at: SourceLocation(file: location.file, line: location.line, column: path.start + 1))
            return
        }
        guard characters[index] == "?" else { return }
        guard let typeStart = startOfType(endingBefore: index, in: characters) else { return }
        let type = String(characters[typeStart..<index]) + "?"
        let inFlowMapping = error.context?.contains("flow mapping") ?? characters[..<typeStart].contains("{")
        let message = inFlowMapping
            ? flowMappingOptionalAdvice(type: type)
            : "YAML reads a leading `[` as a list and `?` as a key indicator; quote the type: \"\(type)\""
        log.note(message, at: SourceLocation(file: location.file, line: location.line, column: typeStart + 1))
    }

    /// The path written around the `{` at `brace`: back to the blank before it, forward over
    /// balanced braces to the next blank or `,`.
    private static func pathToken(around brace: Int, in line: [Character]) -> (text: String, start: Int) {
        var start = brace
        while start > 0, line[start - 1] != " " { start -= 1 }
        var end = brace
        var depth = 0
        while end < line.count {
            let character = line[end]
            if character == "{" { depth += 1 }
            if character == "}" {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, character == " " || character == "," { break }
            end += 1
        }
        return (String(line[start..<end]), start)
    }

    /// `summary: Note: this changes`: an unquoted `: ` inside a value starts a mapping.
    private static func colonInTextHint(in line: [Character]) -> (message: String, column: Int)? {
        guard let separator = firstIndex(of: [":", " "], in: line) else { return nil }
        var start = separator + 2
        while start < line.count, line[start] == " " { start += 1 }
        guard start < line.count, line[start] != "\"", line[start] != "'" else { return nil }
        let value = String(line[start...]).trimmingWhitespace()
        guard value.contains(": ") else { return nil }
        var quoted = "\""
        for character in value {
            if character == "\\" || character == "\"" { quoted.append("\\") }
            quoted.append(character)
        }
        quoted += "\""
        return ("a `: ` inside unquoted text starts a mapping in YAML; quote the text: \(quoted)", start + 1)
    }

    /// `tags: [URL] = []`: YAML reads `[URL]` as a list, then cannot make sense of `= []`.
    private static func collectionDefaultHint(in line: [Character]) -> (message: String, column: Int)? {
        guard let closing = firstIndex(of: ["]", " ", "="], in: line),
              let opening = startOfType(endingBefore: closing + 1, in: line)
        else { return nil }
        let type = String(line[opening...closing])
        var value = String(line[(closing + 3)...]).trimmingWhitespace()
        if let comment = value.firstRange(of: " #") { value = String(value[..<comment.lowerBound]) }
        let example = value.isEmpty ? "…" : value
        return ("collection defaults need the long form: { type: \"\(type)\", default: \(example) }", opening + 1)
    }

    /// Where the type ending just before `end` starts: back over balanced brackets and name
    /// characters, stopping at a blank, `,`, `{` or `:` outside brackets.
    private static func startOfType(endingBefore end: Int, in line: [Character]) -> Int? {
        var depth = 0
        var index = end - 1
        while index >= 0 {
            let character = line[index]
            if character == "]" {
                depth += 1
            } else if character == "[" {
                guard depth > 0 else { return nil }
                depth -= 1
            } else if depth == 0, character == " " || character == "," || character == "{" || character == ":" {
                break
            }
            index -= 1
        }
        let start = index + 1
        return depth == 0 && start < end ? start : nil
    }

    private static func firstIndex(of pattern: [Character], in line: [Character]) -> Int? {
        guard line.count >= pattern.count else { return nil }
        return (0...(line.count - pattern.count)).first { start in
            pattern.indices.allSatisfy { line[start + $0] == pattern[$0] }
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
