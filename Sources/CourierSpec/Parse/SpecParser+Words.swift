extension SpecParser {
    /// Reads `node` as one word of `Word` (a cache policy, a date format, …), or reports text
    /// that is none of them, listing the words there are and the closest one.
    mutating func word<Word: SpecWord>(_ node: YAMLNode, what: String) -> Located<Word>? {
        guard let text = text(node, what: what) else { return nil }
        guard let word = Word(rawValue: text.value) else {
            log.error(Word.unknownMessage(text.value, context: " for \(what)"), at: text.location)
            return nil
        }
        return Located(word, at: text.location)
    }
}
