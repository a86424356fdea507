@testable import CourierGenerator
import Testing

@Suite struct GeneratedTextTests {
    @Test func laterPartsLoseTheirHeaderAndKnownImportsAndBringNewOnesUp() {
        let joined = GeneratedText.joined([
            "// Generated.\n\nimport Courier\nimport Foundation\n\nstruct A {}\n",
            "// Generated.\n\nimport Foundation\nimport HTTPTypes\n\nstruct B {}\n",
        ])
        #expect(joined == "// Generated.\n\nimport Courier\nimport Foundation\nimport HTTPTypes\n\nstruct A {}\n\nstruct B {}\n")
    }

    @Test func aPartWithoutImportsIsAppendedAsItIs() {
        #expect(GeneratedText.joined(["struct A {}\n", "// B\nstruct B {}\n"]) == "struct A {}\n\nstruct B {}\n")
        #expect(GeneratedText.joined([]) == "")
        #expect(GeneratedText.joined(["only\n"]) == "only\n")
    }
}
