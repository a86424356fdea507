import CourierGenerator
import Foundation

/// Writes diagnostics to standard error, one per line, in the compiler's format.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints every diagnostic (`Diagnostic.description`) and failure.
    static func report(_ outcome: Generator.Outcome) {
        var text = ""
        for diagnostic in outcome.diagnostics { text += diagnostic.description + "\n" }
        for failure in outcome.failures { text += failure + "\n" }
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
    }
}
