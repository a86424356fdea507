import Testing
@testable import CourierSpec

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("Itme", "Item"), ("Dobule", "Double"), ("Strng", "String"), ("pet", "Pet"), ("Pte", "Pet"),
    ])
    func typosFindTheirModel(typo: String, expected: String) {
        #expect(Suggestion.closest(to: typo, among: ["Item", "Double", "String", "Pet", "Owner"]) == expected)
    }

    @Test func unrelatedNamesGetNoSuggestion() {
        #expect(Suggestion.closest(to: "Zebra", among: ["Item", "Double", "String"]) == nil)
    }

    @Test func swappedNeighboursCountAsOneEdit() {
        #expect(Suggestion.editDistance(Array("itme"), Array("item"), limit: 3) == 1)
        #expect(Suggestion.editDistance(Array("abcd"), Array("abdc"), limit: 3) == 1)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting"), limit: 3) == 3)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting"), limit: 2) == 3, "gives up past the limit")
    }
}
