/// Reads type text: `Pet`, `Int?`, `[Pet]`, `[String: Int]`, `[[Int]]?`, …
///
/// Grammar: `type = base "?"?`, `base = name | "[" type "]" | "[" "String" ":" type "]"`,
/// `name = (letter | "_") (letter | digit | "_")*`; blanks may surround each part.
struct TypeTextParser {
    /// Why text is not a type, and at which character.
    struct Failure: Error, Equatable {
        /// What is wrong.
        var message: String
        /// The character offset into the text.
        var offset: Int
    }

    private let characters: [Character]
    private var position = 0

    private init(_ text: String) { characters = Array(text) }

    /// The type `text` spells.
    static func parse(_ text: String) -> Result<TypeRef, Failure> {
        var parser = TypeTextParser(text)
        return Result {
            let type = try parser.type(depth: 0)
            parser.skipBlanks()
            if parser.position < parser.characters.count {
                throw parser.failure("unexpected '\(parser.characters[parser.position])'")
            }
            return type
        }.mapError { $0 as? Failure ?? Failure(message: "unreadable type", offset: 0) }
    }

    private mutating func type(depth: Int) throws -> TypeRef {
        // Types nest a few levels; a deep pile of brackets is an input error, not a type.
        guard depth < 32 else { throw failure("type nests too deeply") }
        skipBlanks()
        var base: TypeRef
        if peek == "[" {
            position += 1
            base = try bracketed(depth: depth)
        } else {
            base = .named(try name())
        }
        skipBlanks()
        if peek == "?" {
            position += 1
            base = .optional(base)
            skipBlanks()
            if peek == "?" { throw failure("a type can be optional only once") }
        }
        return base
    }

    private mutating func bracketed(depth: Int) throws -> TypeRef {
        let keyStart = position
        let first = try type(depth: depth + 1)
        skipBlanks()
        if peek == ":" {
            guard first == .named("String") else {
                throw Failure(message: "dictionary keys must be String, found '\(first)'", offset: keyStart)
            }
            position += 1
            let value = try type(depth: depth + 1)
            try expect("]")
            return .dictionary(value)
        }
        try expect("]")
        return .array(first)
    }

    private mutating func name() throws -> String {
        let start = position
        while let character = peek, character.isLetter || character == "_" || (position > start && character.isNumber) {
            position += 1
        }
        guard position > start else {
            throw failure(peek.map { "expected a type name, found '\($0)'" } ?? "expected a type name")
        }
        return String(characters[start..<position])
    }

    private mutating func expect(_ character: Character) throws {
        skipBlanks()
        guard peek == character else {
            throw failure(peek.map { "expected '\(character)', found '\($0)'" } ?? "expected '\(character)'")
        }
        position += 1
    }

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private mutating func skipBlanks() {
        while peek == " " || peek == "\t" { position += 1 }
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }
}
