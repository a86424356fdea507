import CourierSpec

/// Turns names written in a spec into safe Swift identifiers.
///
/// Every rule lives here so that templates never decide how a name is spelled:
/// - words are split at `_`, `-`, spaces, dots and other punctuation, and at lower→upper case
///   changes (`ownerID`, `owner_id`, `owner-id` and `Owner ID` all become `ownerID`/`ownerId`-style
///   camel case, keeping the original capitalisation of each word after the first);
/// - members (properties, parameters, functions, enum cases) are lowerCamelCase, types UpperCamelCase;
/// - a name written entirely in capitals with several words (`FIRST_TIME_CONTRIBUTOR`) is read
///   as words, not acronyms: `firstTimeContributor`;
/// - a leading digit gets a `_` prefix (`3d` → `_3d`); enum cases get `value` instead (see
///   ``enumCase(_:)``);
/// - Swift keywords are wrapped in backticks (`default` → `` `default` ``), except the few that
///   backticks do not make usable as parameter names (`self`), which get a trailing `_`.
public enum SwiftIdentifier {
    /// A lowerCamelCase identifier for a property, parameter, function or enum case.
    public static func member(_ name: String) -> String {
        safe(camelCase(name, upperFirst: false), isType: false)
    }

    /// A lowerCamelCase identifier for an enum case made from its wire value: like ``member(_:)``,
    /// but a leading sign before a digit is spelled (`+1` → `plus1`, `-1` → `minus1`) and a
    /// leading digit gets `value` in front (`1080p` → `value1080p`, `2` → `value2`).
    public static func enumCase(_ value: String) -> String {
        var text = Substring(value)
        var prefix = ""
        if let sign = text.first, sign == "+" || sign == "-", text.dropFirst().first?.isNumber == true {
            prefix = sign == "+" ? "plus" : "minus"
            text = text.dropFirst()
        }
        let camel = camelCase(String(text), upperFirst: false)
        if prefix.isEmpty, camel.first?.isNumber != true { return safe(camel, isType: false) }
        return safe((prefix.isEmpty ? "value" : prefix) + camel, isType: false)
    }

    /// An UpperCamelCase identifier for a type.
    public static func type(_ name: String) -> String {
        safe(camelCase(name, upperFirst: true), isType: true)
    }

    /// The identifier without backticks, for doc comments and derived names (`listPetsSample`).
    public static func plain(_ identifier: String) -> String {
        identifier.count >= 2 && identifier.hasPrefix("`") && identifier.hasSuffix("`")
            ? String(identifier.dropFirst().dropLast()) : identifier
    }

    /// Splits `name` into words and joins them in camel case; see ``SwiftName/camelCase(_:upperFirst:)``,
    /// which the validator spells names with too.
    public static func camelCase(_ name: String, upperFirst: Bool) -> String {
        SwiftName.camelCase(name, upperFirst: upperFirst)
    }

    /// Applies the leading-digit and keyword rules.
    private static func safe(_ identifier: String, isType: Bool) -> String {
        var identifier = identifier
        if let first = identifier.first, first.isNumber { identifier = "_" + identifier }
        if unusableEvenInBackticks.contains(identifier) { return identifier + "_" }
        if isType, unusableTypeNames.contains(identifier) { return identifier + "_" }
        if keywords.contains(identifier) { return "`\(identifier)`" }
        return identifier
    }

    /// Names that backticks do not rescue: a parameter named `` `self` `` shadows `self`.
    static let unusableEvenInBackticks: Set<String> = ["self", "Self", "_"]

    /// Type names that mean something else as a member of a namespace (`Petstore.Type` is a metatype).
    static let unusableTypeNames: Set<String> = ["Type", "Protocol", "Any", "Self"]

    /// Swift keywords and contextual names that need backticks as declarations.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "super", "throws", "true", "try", "Type", "Protocol",
    ]
}
