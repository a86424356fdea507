@testable import CourierGenerator
import Testing

@Suite struct SwiftIdentifierTests {
    @Test(arguments: [
        ("owner_id", "ownerId"), ("owner-id", "ownerId"), ("Owner ID", "ownerID"), ("ownerID", "ownerID"),
        ("X-Request-ID", "xRequestID"), ("URLValue", "urlValue"), ("IDs", "ids"), ("Pet", "pet"),
        ("in-stock", "inStock"), ("already_camelCase", "alreadyCamelCase"), ("", "value"), ("--", "value"),
        ("FIRST_TIME_CONTRIBUTOR", "firstTimeContributor"), ("IS-PRERELEASE", "isPrerelease"), ("MEMBER", "member"),
        ("X-API-Key", "xAPIKey"),
    ])
    func membersAreLowerCamelCase(input: String, expected: String) {
        #expect(SwiftIdentifier.member(input) == expected)
    }

    @Test(arguments: [("pet_status", "PetStatus"), ("pet-status", "PetStatus"), ("petStatus", "PetStatus"), ("api error", "ApiError")])
    func typesAreUpperCamelCase(input: String, expected: String) {
        #expect(SwiftIdentifier.type(input) == expected)
    }

    @Test(arguments: [("default", "`default`"), ("class", "`class`"), ("func", "`func`"), ("init", "`init`"), ("return", "`return`"), ("in", "`in`")])
    func keywordsGetBackticks(input: String, expected: String) {
        #expect(SwiftIdentifier.member(input) == expected)
        #expect(SwiftIdentifier.plain(expected) == input)
    }

    @Test func selfCannotBeBacktickedAndGetsAnUnderscore() {
        #expect(SwiftIdentifier.member("self") == "self_")
        #expect(SwiftIdentifier.type("Self") == "Self_")
    }

    /// The renamings the README's Models section promises.
    @Test func punctuationIsDroppedAsTheReadmeSays() {
        #expect(SwiftIdentifier.member("_links") == "links")
        #expect(SwiftIdentifier.member("html_url") == "htmlUrl")
    }

    @Test func typeNamesThatMeanSomethingElseInANamespaceAreSuffixed() {
        #expect(SwiftIdentifier.type("type") == "Type_")
        #expect(SwiftIdentifier.type("protocol") == "Protocol_")
    }

    @Test(arguments: [("3", "_3"), ("2xl", "_2xl"), ("404_error", "_404Error")])
    func leadingDigitsGetAnUnderscore(input: String, expected: String) {
        #expect(SwiftIdentifier.member(input) == expected)
    }

    @Test(arguments: [("+1", "plus1"), ("-1", "minus1"), ("1080p", "value1080p"), ("3", "value3"), ("in-stock", "inStock"),
                      ("-", "value"), ("default", "`default`")])
    func enumCasesSpellSignsAndLeadingDigits(input: String, expected: String) {
        #expect(SwiftIdentifier.enumCase(input) == expected)
    }

    @Test func screamingTypeNames() {
        #expect(SwiftIdentifier.type("PET_STATUS") == "PetStatus")
    }

    @Test func collisionsGetDeterministicNumericSuffixes() {
        var scope = NameScope(reserved: ["request"])
        #expect(scope.claim(SwiftIdentifier.member("owner_id")) == "ownerId")
        #expect(scope.claim(SwiftIdentifier.member("owner-id")) == "ownerId2")
        #expect(scope.claim(SwiftIdentifier.member("ownerId")) == "ownerId3")
        #expect(scope.claim("request") == "request2")
        #expect(scope.claim("`default`") == "`default`")
        #expect(scope.claim("`default`") == "default2")
    }
}
