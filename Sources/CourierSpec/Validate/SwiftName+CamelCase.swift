extension SwiftName {
    /// Splits `name` into words and joins them in camel case: how the generator spells every name
    /// (its `SwiftIdentifier` adds the keyword and leading-digit rules), here so that the
    /// validator can check names as they will be spelled.
    ///
    /// Words keep their own capitalisation after the first letter (`getURL` stays `getURL`),
    /// so names that are already camel case come out unchanged.
    public static func camelCase(_ name: String, upperFirst: Bool) -> String {
        var words = splitWords(name)
        // SCREAMING_SNAKE_CASE: capitals are the writing style, not acronyms.
        if words.count > 1, !name.contains(where: \.isLowercase) {
            words = words.map { $0.lowercased() }
        }
        guard !words.isEmpty else { return upperFirst ? "Value" : "value" }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 && !upperFirst {
                result += lowercasedFirstWord(word)
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return result
    }

    /// Lowercases the first word: all of it when it is an acronym (`URL` → `url`, `IDs` → `ids`),
    /// otherwise only its first letter (`Pet` → `pet`).
    private static func lowercasedFirstWord(_ word: String) -> String {
        let letters = Array(word)
        var upperRun = 0
        while upperRun < letters.count, letters[upperRun].isUppercase { upperRun += 1 }
        if upperRun <= 1 { return word.prefix(1).lowercased() + word.dropFirst() }
        if upperRun == letters.count { return word.lowercased() }
        // `URLValue` → `urlValue`: keep the last capital, it starts the next word.
        let rest = letters[upperRun...]
        if rest.allSatisfy({ $0 == "s" }) { return word.lowercased() }
        return String(letters[..<(upperRun - 1)]).lowercased() + String(letters[(upperRun - 1)...])
    }

    /// The words of `name`: runs of letters and digits, split at punctuation and at a lower-case
    /// letter or digit followed by an upper-case one.
    static func splitWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.map { word in String(word.filter { $0.isASCII ? ($0.isLetter || $0.isNumber) : $0.isLetter }) }
            .filter { !$0.isEmpty }
    }
}
