import Testing
@testable import CourierSpec

@Suite struct TypeTextParserTests {
    @Test(arguments: [
        ("Int", TypeRef.named("Int")),
        ("Pet?", .optional(.named("Pet"))),
        ("[Pet]", .array(.named("Pet"))),
        ("[Pet]?", .optional(.array(.named("Pet")))),
        ("[Int?]", .array(.optional(.named("Int")))),
        ("[[Int]]", .array(.array(.named("Int")))),
        ("[String: Int]", .dictionary(.named("Int"))),
        ("[String:[Pet]]?", .optional(.dictionary(.array(.named("Pet"))))),
        (" [ String : Int ] ", .dictionary(.named("Int"))),
    ])
    func readsTypes(text: String, expected: TypeRef) throws {
        #expect(try TypeTextParser.parse(text).get() == expected)
    }

    @Test(arguments: [
        ("", "expected a type name", 0),
        ("[Int", "expected ']'", 4),
        ("Int??", "a type can be optional only once", 4),
        ("[Int: Pet]", "dictionary keys must be String, found 'Int'", 1),
        ("Pet Owner", "unexpected 'O'", 4),
        ("1Pet", "expected a type name, found '1'", 0),
        ("[]", "expected a type name, found ']'", 1),
    ])
    func rejectsMalformedTypes(text: String, message: String, offset: Int) {
        #expect(throws: TypeTextParser.Failure(message: message, offset: offset)) { try TypeTextParser.parse(text).get() }
    }

    @Test func deepNestingIsRejected() {
        let text = String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40)
        #expect(throws: TypeTextParser.Failure(message: "type nests too deeply", offset: 32)) {
            try TypeTextParser.parse(text).get()
        }
    }
}
