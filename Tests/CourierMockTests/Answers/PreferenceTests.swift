@testable import CourierMock
import Testing

/// `Prefer` fields (RFC 7240) as courier-mock reads them.
@Suite struct PreferenceTests {
    @Test func codeAndExampleAreReadFromAnyFieldQuotedOrNot() {
        #expect(Preference(fields: ["code=404"]) == Preference(fields: [" code = 404 "]))
        let both = Preference(fields: ["respond-async, wait=10", #"example="pet-missing"; q=1"#, "code=404"])
        #expect(both.code == "404" && both.example == "pet-missing")
        #expect(both.applied == "code=404, example=pet-missing")
        #expect(Preference(fields: ["code=404, code=500"]).code == "404", "the first one counts")
        #expect(!Preference(fields: ["return=minimal"]).choosesSample)
        #expect(!Preference(fields: []).choosesSample)
    }
}
