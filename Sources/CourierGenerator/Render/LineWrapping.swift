import Foundation

/// Keeps generated lines within ``limit`` columns, after the templates have rendered, so that no
/// template needs a wrapped and an unwrapped copy of a signature, and custom templates get the
/// same wrapping.
///
/// - A code line past the limit breaks at the leftmost parenthesis or bracket that closes on the
///   same line and holds a comma at its own level: one argument per line, indented four spaces
///   more, the closing bracket back at the line's indentation (`Request<[Issue]>(` … `)`). Each
///   new line is wrapped again if it is still too long. Commas inside strings, closures and
///   generic arguments (`Pages<[Issue], Issue>`) do not count.
/// - A comment line breaks between words; a doc comment's list item (`///   - name: …`) continues
///   under its text.
/// - Lines inside multi-line string literals are left alone: the sample bodies there are kept
///   short by ``SwiftLiteral/data(_:)`` instead, with line continuations.
enum LineWrapping {
    /// The widest a generated line may be.
    static let limit = 120

    /// `text` with every line past ``limit`` wrapped where it can be.
    static func wrap(_ text: String) -> String {
        var output: [String] = []
        var inMultilineString = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let delimiters = line.components(of: "\"\"\"")
            if inMultilineString || line.count <= limit {
                output.append(line)
            } else if line.drop(while: { $0 == " " }).hasPrefix("//") {
                output += wrapComment(line)
            } else if delimiters % 2 == 1 {
                output.append(line)
            } else {
                output += wrapCode(line)
            }
            if delimiters % 2 == 1 { inMultilineString.toggle() }
        }
        return output.joined(separator: "\n")
    }

    /// A comment line broken between words, each piece with the comment's prefix.
    static func wrapComment(_ line: String) -> [String] {
        let indent = String(line.prefix { $0 == " " })
        let afterIndent = line.dropFirst(indent.count)
        let marker = String(afterIndent.prefix { $0 == "/" })
        var body = afterIndent.dropFirst(marker.count)
        if body.first == " " { body = body.dropFirst() }
        // `  - name: text` continues under `name`.
        let itemIndent = body.prefix { $0 == " " }
        let continuation = body.dropFirst(itemIndent.count).hasPrefix("- ") ? String(itemIndent) + "  " : String(itemIndent)
        let firstPrefix = indent + marker + " "
        let nextPrefix = firstPrefix + continuation
        var lines: [String] = []
        var current = firstPrefix + body.prefix(itemIndent.count)
        var started = false
        for word in body.dropFirst(itemIndent.count).split(separator: " ", omittingEmptySubsequences: false) {
            if started, current.count + 1 + word.count > limit {
                lines.append(current)
                current = nextPrefix + word
            } else {
                current += (started ? " " : "") + word
            }
            started = true
        }
        lines.append(current)
        return lines
    }

    /// A code line broken at its leftmost bracket with commas, again and again until every line
    /// fits or no bracket is left to break.
    static func wrapCode(_ line: String) -> [String] {
        guard line.count > limit else { return [line] }
        let characters = Array(line)
        guard let group = SwiftScan.breakableGroups(characters).first else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let head = String(characters[...group.open])
        let tail = String(characters[group.close...])
        var arguments: [String] = []
        var start = group.open + 1
        for comma in group.commas + [group.close] {
            arguments.append(String(characters[start..<comma]).trimmingWhitespace)
            start = comma + 1
        }
        var lines = wrapCode(head)
        for (index, argument) in arguments.enumerated() {
            let separator = index == arguments.count - 1 ? "" : ","
            lines += wrapCode(indent + "    " + argument + separator)
        }
        lines += wrapCode(indent + tail)
        return lines
    }
}

/// Just enough of Swift's lexical structure to find where a line may break: string literals
/// (with escapes, interpolations and `#` delimiters), brackets and generic argument lists.
enum SwiftScan {
    /// A bracket pair on one line and the commas at its own level.
    struct Group {
        /// The index of `(` or `[`.
        var open: Int
        /// The index of the matching `)` or `]`.
        var close: Int
        /// The commas directly inside.
        var commas: [Int]
    }

    /// The `(…)` and `[…]` pairs of `line` that hold at least one comma of their own, leftmost
    /// opening first.
    static func breakableGroups(_ line: [Character]) -> [Group] {
        var open: [(index: Int, character: Character, commas: [Int])] = []
        var groups: [Group] = []
        var index = 0
        while index < line.count {
            let character = line[index]
            switch character {
            case "\"", "#":
                guard let end = stringEnd(line, from: index) else {
                    index += 1
                    continue
                }
                index = end
                continue
            case "(", "[", "{":
                open.append((index, character, []))
            case "<" where index > 0 && isIdentifier(line[index - 1]) && index + 1 < line.count && line[index + 1] != " ":
                open.append((index, character, []))
            case ">" where open.last?.character == "<" && line[index - 1] != "-":
                open.removeLast()
            case ")", "]", "}":
                // A stray `<` (a comparison) never closed: drop it.
                while open.last?.character == "<" { open.removeLast() }
                guard let last = open.popLast() else { break }
                if last.character != "{", !last.commas.isEmpty {
                    groups.append(Group(open: last.index, close: index, commas: last.commas))
                }
            case ",":
                if !open.isEmpty { open[open.count - 1].commas.append(index) }
            default:
                break
            }
            index += 1
        }
        return groups.sorted { $0.open < $1.open }
    }

    /// The index just after the string literal starting at `start` (`"`, or `#`s then `"`), or
    /// `nil` when none starts there. Interpolations are skipped with their nesting.
    static func stringEnd(_ line: [Character], from start: Int) -> Int? {
        var index = start
        var hashes = 0
        while index < line.count, line[index] == "#" {
            hashes += 1
            index += 1
        }
        guard index < line.count, line[index] == "\"" else { return nil }
        index += 1
        while index < line.count {
            let character = line[index]
            if character == "\\", hasHashes(line, after: index, count: hashes) {
                index += 1 + hashes
                if index < line.count, line[index] == "(" {
                    index = interpolationEnd(line, from: index)
                } else {
                    index += 1
                }
                continue
            }
            if character == "\"", hasHashes(line, after: index, count: hashes) {
                return index + 1 + hashes
            }
            index += 1
        }
        return line.count
    }

    /// The index after the `)` closing the interpolation whose `(` is at `start`.
    private static func interpolationEnd(_ line: [Character], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < line.count {
            switch line[index] {
            case "\"", "#":
                if let end = stringEnd(line, from: index) {
                    index = end
                    continue
                }
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return line.count
    }

    private static func hasHashes(_ line: [Character], after index: Int, count: Int) -> Bool {
        guard index + count < line.count else { return count == 0 && index < line.count }
        return (0..<count).allSatisfy { line[index + 1 + $0] == "#" }
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "?" || character == "]" || character == ">"
    }
}

extension String {
    /// How many times `needle` occurs, without overlaps.
    func components(of needle: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.range(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
