@testable import CourierGenerator
import CourierSpec
import Testing

@Suite struct TypeSpellerTests {
    let speller = TypeSpeller(
        models: [
            "Pet": .init(namespace: "Petstore", typeName: "Pet", enumeration: nil, caseNames: [:]),
            "Owner": .init(namespace: "People", typeName: "Owner", enumeration: nil, caseNames: [:]),
            "Status": .init(
                namespace: "Petstore", typeName: "Status",
                enumeration: EnumDefinition(rawType: .string, cases: [EnumCase(value: Build.located("in-stock"))]),
                caseNames: ["in-stock": "inStock"]),
        ],
        namespace: "Petstore")

    @Test(arguments: [
        ("[Pet]", "[Pet]", "[Petstore.Pet]"), ("[String: Int]", "[String: Int]", "[String: Int]"), ("Int?", "Int?", "Int?"),
        ("JSON", "JSONValue", "JSONValue"), ("Data", "Data", "Data"), ("[String: [Pet]]?", "[String: [Pet]]?", "[String: [Petstore.Pet]]?"),
        ("Owner", "People.Owner", "People.Owner"),
    ])
    func spellsTypesInsideAndOutsideTheNamespace(spec: String, local: String, qualified: String) {
        #expect(speller.local(Build.type(spec)) == local)
        #expect(speller.qualified(Build.type(spec)) == qualified)
    }

    @Test func unknownNamesSpellAsNil() {
        #expect(speller.local(Build.type("[Nope]")) == nil)
    }

    @Test func onlyScalarsEnumsAndArraysOfThemAreParameters() {
        #expect(speller.isParameterEncodable(Build.type("[String]?")))
        #expect(speller.isParameterEncodable(Build.type("Status")))
        #expect(!speller.isParameterEncodable(Build.type("Pet")))
        #expect(!speller.isParameterEncodable(Build.type("Data")))
        #expect(!speller.isParameterEncodable(Build.type("[String: Int]")))
    }

    @Test func defaultLiteralsAreSwiftSyntax() throws {
        let literal = DefaultLiteral(speller: speller)
        #expect(try literal.spell(Build.scalar("in-stock"), as: Build.type("Status")) == ".inStock")
        #expect(try literal.spell(Build.scalar("3"), as: Build.type("Double")) == "3.0")
        #expect(try literal.spell(Build.scalar("0.25"), as: Build.type("Double?")) == "0.25")
        #expect(try literal.spell(Build.scalar("42"), as: Build.type("Int")) == "42")
        #expect(try literal.spell(.scalar("42", quoted: true), as: Build.type("String")) == #""42""#)
        #expect(try literal.spell(Build.scalar("true"), as: Build.type("Bool")) == "true")
        #expect(try literal.spell(.sequence([]), as: Build.type("[URL]")) == "[]")
        #expect(try literal.spell(.mapping([]), as: Build.type("[String: Int]")) == "[:]")
        #expect(try literal.spell(.mapping([("a", Build.scalar("1"))]), as: Build.type("[String: Int]")) == #"["a": 1]"#)
        #expect(try literal.spell(.null, as: Build.type("Int?")) == "nil")
        #expect(try literal.spell(.mapping([("k", .sequence([Build.scalar("1")]))]), as: Build.type("JSON"))
            == #".object(["k": .array([.integer(1)])])"#)
        #expect(try literal.spell(.sequence([Build.scalar("9007199254740993"), Build.scalar("2.5")]), as: Build.type("JSON"))
            == #".array([.integer(9007199254740993), .number(2.5)])"#)
    }

    @Test func defaultsThatDoNotFitAreErrorsNotCrashes() {
        let literal = DefaultLiteral(speller: speller)
        #expect(throws: DefaultLiteral.Failure.self) { try literal.spell(Build.scalar("x"), as: Build.type("Int")) }
        #expect(throws: DefaultLiteral.Failure.self) { try literal.spell(Build.scalar("gone"), as: Build.type("Status")) }
        #expect(throws: DefaultLiteral.Failure.self) { try literal.spell(.null, as: Build.type("Int")) }
        #expect(throws: DefaultLiteral.Failure.self) { try literal.spell(Build.scalar("x"), as: Build.type("Pet")) }
    }
}
