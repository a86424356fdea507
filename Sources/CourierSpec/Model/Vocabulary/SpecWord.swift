/// A closed word list of the spec language (HTTP methods, cache policies, date formats, …):
/// each case's raw value is its spelling in a spec, written once, here.
///
/// The parser reads a word with ``SpecParser/word(_:what:)``, reporting an unknown one with the
/// accepted words and the closest of them; later stages switch over the cases.
public protocol SpecWord: RawRepresentable<String>, CaseIterable, Sendable, Hashable where AllCases == [Self] {
    /// What the word names in diagnostics, such as `cache policy`.
    static var kind: String { get }
}

extension SpecWord {
    /// Every accepted spelling, in declaration order.
    public static var spellings: [String] { allCases.map(\.rawValue) }

    /// The accepted spellings as a diagnostic lists them: `a, b, c`.
    public static var spellingList: String { spellings.joined(separator: ", ") }

    /// `unknown <kind> '<text>'<context> (use a, b, c); did you mean 'b'?`
    public static func unknownMessage(_ text: String, context: String = "") -> String {
        "unknown \(kind) '\(text)'\(context) (use \(spellingList))" + Suggestion.didYouMean(text, among: spellings)
    }
}
