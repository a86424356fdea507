extension StringProtocol {
    /// Whether the text holds a line break (`\n` or `\r`), compared as scalars: `"\r\n"` is one
    /// `Character`, equal to neither `"\r"` nor `"\n"`, so a test of characters lets it through.
    var holdsLineBreak: Bool {
        unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
    }

    /// Whether the text holds a line break or NUL, which no header value can carry.
    var holdsLineBreakOrNUL: Bool {
        unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\0" }
    }
}
