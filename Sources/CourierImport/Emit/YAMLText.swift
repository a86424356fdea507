import CourierSpec
import Foundation

/// Spelling values as YAML a person would write: plain where that reads back as the same text,
/// quoted where it would not, and long text in block scalars that keep lines under the width.
enum YAMLText {
    /// Lines are kept shorter than this many columns.
    static let width = 119

    /// Text that YAML (1.1 or 1.2) could read as something other than a string when unquoted.
    static let nonStrings: Set<String> = [
        "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes", "YES", "no", "No",
        "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N", ".inf", ".Inf", ".INF", "-.inf", ".nan", ".NaN",
    ]

    /// One line of text as a scalar: plain when it reads back unchanged (and, for text, as text),
    /// else single-quoted, else double-quoted with escapes. `flow` is for values inside `{ }` or `[ ]`.
    static func scalar(_ text: String, flow: Bool = false, isText: Bool = true) -> String {
        if canBePlain(text, flow: flow, isText: isText) { return text }
        return quoted(text)
    }

    /// `"text"`; `'text'` when it holds `"` or `\\` (which double quotes escape); `"text"` with escapes
    /// when it holds characters single quotes cannot.
    static func quoted(_ text: String) -> String {
        let printable = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
        if printable, !text.contains("\""), !text.contains("\\") { return "\"" + text + "\"" }
        if printable { return "'" + text.replacingAll("'", with: "''") + "'" }
        return doubleQuoted(text)
    }

    /// `"text"` with JSON-style escapes.
    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether `text` can be written without quotes and read back as the same text.
    static func canBePlain(_ text: String, flow: Bool, isText: Bool) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        if isText, nonStrings.contains(text) || SpecValueText.isNumber(text) || looksNumeric(text) { return false }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) {
            // `-1`, `-foo`, `:x`, `?x` read as plain text in block context, but not everywhere; keep it simple.
            guard first == "-", text.count > 1, !text.hasPrefix("- "), !text.hasPrefix("---"), !flow else { return false }
        }
        if first == " " || first == "\t" || last == " " || last == "\t" || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.contains(":\t") || text.contains("\t#") { return false }
        if flow, text.contains(where: { ",[]{}".contains($0) }) { return false }
        if text.hasPrefix("...") { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
                && scalar != "\u{FEFF}" && scalar != "\u{2028}" && scalar != "\u{2029}" && scalar != "\u{85}"
        }
    }

    /// Hex, octal and sexagesimal spellings that YAML 1.1 reads as numbers.
    private static func looksNumeric(_ text: String) -> Bool {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") || lower.hasPrefix("0o") || lower.hasPrefix("0b") { return true }
        if text.contains(":"), text.allSatisfy({ $0.isNumber || $0 == ":" || $0 == "." || $0 == "-" || $0 == "+" }) { return true }
        if text.contains("_"), text.allSatisfy({ $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" || $0 == "+" }) { return true }
        return false
    }

    /// `key: text` lines at `indent` spaces: on one line when it fits, else a literal block (`|-`)
    /// when every line fits, else a folded block (`>-`) wrapped at spaces.
    static func entry(_ key: String, _ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let prefix = pad + key + ": "
        let printable = text.unicodeScalars.allSatisfy { $0 == "\n" || $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)) }
        if !text.contains("\n") {
            let inline = scalar(text)
            if prefix.count + inline.count <= width { return [prefix + inline] }
            guard printable, !text.hasPrefix(" "), !text.contains("\t") else { return doubleQuotedLines(key, text, indent: indent) }
            return fitting([pad + key + ": >-"] + folded(text, indent: indent + 2), key, text, indent: indent)
        }
        guard printable, !text.hasPrefix("\n") else { return doubleQuotedLines(key, text, indent: indent) }
        let inner = String(repeating: " ", count: indent + 2)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indicator = text.first == " " || text.first == "\t" ? "2" : ""
        if lines.allSatisfy({ inner.count + $0.count <= width }) {
            return [pad + key + ": |\(indicator)-"] + lines.map { $0.isEmpty ? "" : inner + $0 }
        }
        return fitting([pad + key + ": >\(indicator)-"] + folded(text, indent: indent + 2), key, text, indent: indent)
    }

    /// `lines` when every one fits the width, else the text double-quoted over several lines.
    private static func fitting(_ lines: [String], _ key: String, _ text: String, indent: Int) -> [String] {
        lines.allSatisfy({ $0.count <= width }) ? lines : doubleQuotedLines(key, text, indent: indent)
    }

    /// `key: "…"` over as many lines as the width needs: each line but the last ends in an escaped
    /// line break (`\`, which adds nothing), lines break after a space or a `\n`, and a space that
    /// would start a line is escaped (`\ `), since leading blanks of a line are not content.
    static func doubleQuotedLines(_ key: String, _ text: String, indent: Int) -> [String] {
        let escaped = doubleQuoted(text).dropFirst().dropLast()
        var atoms: [String] = []
        var iterator = escaped.makeIterator()
        while let character = iterator.next() {
            if character == "\\", let next = iterator.next() {
                var atom = "\\" + String(next)
                if next == "x" {
                    for _ in 0..<2 { if let digit = iterator.next() { atom.append(digit) } }
                }
                atoms.append(atom)
            } else {
                atoms.append(String(character))
            }
        }
        let pad = String(repeating: " ", count: indent + 2)
        var lines: [String] = []
        var line: [String] = []
        var lineWidth = indent + key.count + 3
        var lastBreak: Int?
        func flush(upTo count: Int) {
            lines.append((lines.isEmpty ? String(repeating: " ", count: indent) + key + ": \"" : pad) + line[..<count].joined() + "\\")
            var rest = Array(line[count...])
            if rest.first == " " { rest[0] = "\\ " }
            line = rest
            lineWidth = pad.count + rest.reduce(0) { $0 + $1.count }
            lastBreak = nil
        }
        for atom in atoms {
            if lineWidth + atom.count + 1 > width, !line.isEmpty {
                flush(upTo: lastBreak ?? line.count)
            }
            if line.isEmpty, atom == " " {
                line.append("\\ ")
                lineWidth += 2
            } else {
                line.append(atom)
                lineWidth += atom.count
            }
            if atom == " " || atom == "\\n" { lastBreak = line.count }
        }
        lines.append((lines.isEmpty ? String(repeating: " ", count: indent) + key + ": \"" : pad) + line.joined() + "\"")
        return lines
    }

    /// The lines of a folded block scalar holding `text` exactly: a line break between two text
    /// lines is written as an empty line (a single break would fold into a space), lines that
    /// start with blanks keep their breaks, and long text lines are wrapped at single spaces
    /// (where the fold puts the space back).
    static func folded(_ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func isText(_ line: String) -> Bool { !line.isEmpty && line.first != " " && line.first != "\t" }
        var output: [String] = []
        var previous: String?
        var emptyRun = 0
        for line in lines {
            if line.isEmpty {
                emptyRun += 1
                continue
            }
            if let previous {
                let breaks = isText(previous) && isText(line) ? emptyRun + 1 : emptyRun
                output += Array(repeating: "", count: breaks)
            }
            if isText(line) {
                output += wrap(line, width: width - indent).map { pad + $0 }
            } else {
                output.append(pad + line)
            }
            previous = line
            emptyRun = 0
        }
        return output
    }

    /// A text line cut at single spaces into pieces of at most `width` characters where
    /// possible (a word longer than that stays whole).
    static func wrap(_ line: String, width: Int) -> [String] {
        let characters = Array(line)
        guard characters.count > width else { return [line] }
        var pieces: [String] = []
        var start = 0
        while characters.count - start > width {
            var cut: Int?
            var index = min(start + width, characters.count - 1)
            while index > start {
                if characters[index] == " ", characters[index - 1] != " ", index + 1 < characters.count, characters[index + 1] != " " {
                    cut = index
                    break
                }
                index -= 1
            }
            if cut == nil {
                index = start + width + 1
                while index < characters.count - 1 {
                    if characters[index] == " ", characters[index - 1] != " ", characters[index + 1] != " " {
                        cut = index
                        break
                    }
                    index += 1
                }
            }
            guard let at = cut else { break }
            pieces.append(String(characters[start..<at]))
            start = at + 1
        }
        pieces.append(String(characters[start...]))
        return pieces
    }
}

extension String {
    /// Every `target` replaced with `replacement`.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return components(separatedBy: target).joined(separator: replacement)
    }
}
