import CourierSpec
import Foundation

/// Swift literal syntax for text, durations and embedded files.
public enum SwiftLiteral {
    /// A double-quoted string literal holding exactly `text`: backslashes, quotes, line breaks and
    /// other control characters are escaped, so the literal is always one line.
    public static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || isInvisibleFormatting(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Line and paragraph separators and bidirectional controls, which would make the generated
    /// source misleading or break its lines; they are written as `\u{…}` escapes.
    private static func isInvisibleFormatting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// A `Duration` expression for a number of seconds in the largest unit that holds it
    /// exactly: `.seconds(30)`, `.milliseconds(1500)`, `.microseconds(400)`, `.nanoseconds(5)`.
    /// Rounded to the nanosecond (the parser refuses finer steps, so nothing a spec wrote is
    /// rounded away; `0.0004` was `.milliseconds(0)`, a zero timeout).
    public static func duration(seconds: Double) -> String {
        // Never from a parsed spec (the parser refuses durations past the longest); the longest
        // rather than zero, which would make a timeout fire at once.
        guard seconds.isFinite, abs(seconds) < DurationText.longestSeconds else {
            return ".seconds(\(Int64(DurationText.longestSeconds)))"
        }
        if seconds.rounded() == seconds { return ".seconds(\(Int64(seconds)))" }
        let nanoseconds = (seconds * 1e9).rounded()
        if abs(nanoseconds) < 9e18 {
            let whole = Int64(nanoseconds)
            if whole % 1_000_000 == 0 { return ".milliseconds(\(whole / 1_000_000))" }
            if whole % 1000 == 0 { return ".microseconds(\(whole / 1000))" }
            return ".nanoseconds(\(whole))"
        }
        // Past 9e9 seconds a `Double` holds no step finer than a millisecond anyway.
        let milliseconds = (seconds * 1000).rounded()
        return abs(milliseconds) < 9e18 ? ".milliseconds(\(Int64(milliseconds)))" : ".seconds(\(Int64(seconds.rounded())))"
    }

    /// A `Data` expression holding exactly `bytes`.
    ///
    /// UTF-8 text without carriage returns or other control characters (tabs and line feeds are
    /// fine) becomes a readable multi-line raw string, `Data(#"""` … `"""#.utf8)`, with as many `#`
    /// as needed so nothing inside ends it or starts an escape. The closing delimiter sits at
    /// column 0, so the content is kept byte for byte. Anything else becomes base64. Lines past
    /// ``LineWrapping/limit`` columns continue on the next line (a line-continuation escape), so
    /// the generated file stays narrow while the bytes stay the same.
    public static func data(_ bytes: Data) -> String {
        guard let text = String(data: bytes, encoding: .utf8), isPlainText(text) else {
            let base64 = bytes.base64EncodedString()
            guard base64.count > 80 else { return "Data(base64Encoded: \(string(base64))) ?? Data()" }
            return "Data(base64Encoded: \"\"\"\n\(continued(base64, escape: "\\", width: 100))\n\"\"\") ?? Data()"
        }
        let hashes = String(repeating: "#", count: hashCount(for: text))
        let width = LineWrapping.limit - 1 - hashes.count
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { continued(String($0), escape: "\\" + hashes, width: width) }
        return "Data(\(hashes)\"\"\"\n\(lines.joined(separator: "\n"))\n\"\"\"\(hashes).utf8)"
    }

    /// `line` cut into pieces of at most `width` characters, each but the last followed by
    /// `escape` (a string literal's line continuation), preferring cuts after a space or comma.
    static func continued(_ line: String, escape: String, width: Int) -> String {
        var rest = Substring(line)
        var pieces: [Substring] = []
        while rest.count > width {
            let window = rest.prefix(width)
            var cut = window.endIndex
            if let soft = window.lastIndex(where: { $0 == " " || $0 == "," }), window.distance(from: window.startIndex, to: soft) >= width / 2 {
                cut = window.index(after: soft)
            }
            pieces.append(rest[..<cut])
            rest = rest[cut...]
        }
        pieces.append(rest)
        return pieces.joined(separator: escape + "\n")
    }

    private static func isPlainText(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar == "\n" || scalar == "\t" || (scalar.value >= 0x20 && scalar.value != 0x7F && !isInvisibleFormatting(scalar))
        }
    }

    /// One more `#` than the longest run following a quote or a backslash in `text`.
    static func hashCount(for text: String) -> Int {
        var longest = 0
        var run = -1
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                run = 0
            } else if scalar == "#", run >= 0 {
                run += 1
                longest = max(longest, run)
            } else {
                run = -1
            }
        }
        return longest + 1
    }
}
