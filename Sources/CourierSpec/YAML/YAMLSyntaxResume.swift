/// Finds syntax errors after the first one. libyaml's parser cannot continue past an error, so
/// reading resumes at the next top-level key below it (a line starting in column 1 with
/// `name:`), with everything above blanked out so that lines and columns stay the same.
///
/// Only syntax errors are looked for there: anchors defined above the resumption point are
/// gone, and the node tree is not built again.
enum YAMLSyntaxResume {
    /// At most this many more errors are reported per file.
    static let maximumMoreErrors = 9

    /// Reports the syntax errors of the top-level entries after `line`; notes when there may be
    /// more than were looked for.
    static func reportLaterErrors(_ bytes: [UInt8], after line: Int, file: String, log: inout DiagnosticLog) {
        var lastLine = line
        var reported = 0
        while let start = startOfTopLevelKey(in: bytes, after: lastLine) {
            var blanked = bytes
            for index in 0..<start.offset where blanked[index] != UInt8(ascii: "\n") && blanked[index] != UInt8(ascii: "\r") {
                blanked[index] = UInt8(ascii: " ")
            }
            guard let error = firstError(in: blanked, file: file) else { return }
            if reported == maximumMoreErrors {
                log.note("more YAML syntax errors may follow; fix these and run again", at: error.problemLocation)
                return
            }
            YAMLSyntaxErrorReport.report(error, source: SourceLines(bytes: bytes), log: &log)
            reported += 1
            lastLine = max(error.problemLocation.line, start.line)
        }
    }

    private static func firstError(in bytes: [UInt8], file: String) -> YAMLSyntaxError? {
        let reader = LibYAMLEventReader(bytes: bytes, file: file)
        while true {
            switch reader.next() {
            case .failure(let error): return error
            case .event(let located):
                if case .streamEnd = located.event { return nil }
            }
        }
    }

    /// The byte offset and line of the first line after `line` that starts a top-level key:
    /// not indented, not a comment, a list item or a closing bracket, and holding a `:`.
    private static func startOfTopLevelKey(in bytes: [UInt8], after line: Int) -> (offset: Int, line: Int)? {
        var current = 1
        var offset = 0
        while offset < bytes.count {
            let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if current > line, let first = bytes[offset..<end].first,
               !" \t\r#-]}{[&*!|>'\"%@`".utf8.contains(first), bytes[offset..<end].contains(UInt8(ascii: ":")) {
                return (offset, current)
            }
            offset = end + 1
            current += 1
        }
        return nil
    }
}
