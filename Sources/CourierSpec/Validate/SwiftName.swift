/// How spec names become Swift names, and which names can (public for tools that write specs,
/// such as the OpenAPI importer, so that the names they choose pass the validator).
public enum SwiftName {
    /// `created_at` → `createdAt`, `X-Request-ID` → `xRequestID`, `in-stock` → `inStock`:
    /// words split at anything but letters and digits, the first word starting lower-case and
    /// the others upper-case, the rest of each word kept as written. A name in capitals with
    /// several words (`FIRST_TIME_CONTRIBUTOR`) is lower-cased first: `firstTimeContributor`.
    public static func lowerCamelCase(_ text: String) -> String {
        var words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        if words.count > 1, !text.contains(where: \.isLowercase) { words = words.map { $0.lowercased() } }
        var result = ""
        for (index, word) in words.enumerated() {
            let first = String(word.prefix(1))
            result += (index == 0 ? first.lowercased() : first.uppercased()) + word.dropFirst()
        }
        return result
    }

    /// The case name a wire value gets when the spec names none, as far as clashes go: a sign
    /// before a digit is spelled (`+1` → `plus1`, `-1` → `minus1`).
    public static func caseName(ofValue value: String) -> String {
        if let sign = value.first, sign == "+" || sign == "-", value.dropFirst().first?.isNumber == true {
            return (sign == "+" ? "plus" : "minus") + lowerCamelCase(String(value.dropFirst()))
        }
        return lowerCamelCase(value)
    }

    /// Whether `text` becomes a Swift identifier once camel-cased: it has letters or digits,
    /// and the first of them is not a digit.
    public static func becomesIdentifier(_ text: String) -> Bool {
        guard let first = lowerCamelCase(text).first else { return false }
        return !first.isNumber
    }

    /// Whether `text` is usable as written as a Swift type name or identifier: a letter or `_`, then
    /// letters, digits and `_`.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
