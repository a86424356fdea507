import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// The sample check offered for requests: JSON bodies and parameter texts against spec types,
/// with each problem's field and JSON pointer, and enums strict.
@Suite struct ModelCheckTests {
    private static let yaml = """
        courier: 1
        service: Shop
        baseURL: https://shop.example.com
        models:
          NewPet:
            name: String
            status: PetStatus = available
            birthday: { type: "Date?", format: date }
            tags: "[Tag]?"
          Tag: { label: String, weight: Int32 }
          PetStatus:
            enum: [available, pending, sold]
        """

    private func check(strictEnums: Bool = true) throws -> ModelCheck {
        let loaded = SpecLoader().load(source: Self.yaml, file: "/virtual/shop.courier.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        let spec = try #require(loaded.specs.first)
        return ModelCheck(specs: loaded.specs, service: spec, strictEnums: strictEnums)
    }

    private func problems(_ json: String, strictEnums: Bool = true) throws -> [ModelCheck.Problem] {
        guard case .success(let problems) = try check(strictEnums: strictEnums).problems(inJSON: Data(json.utf8), as: .named("NewPet")) else {
            Issue.record("not JSON: \(json)")
            return []
        }
        return problems
    }

    @Test func aFittingBodyHasNoProblems() throws {
        #expect(try problems(#"{"name": "Rex", "status": "sold", "birthday": "2020-02-29", "tags": [{"label": "a", "weight": 2}]}"#) == [])
    }

    @Test func eachProblemNamesItsFieldAndPointer() throws {
        let found = try problems(#"{"status": "availble", "birthday": "yesterday", "tags": [{"label": 1, "weight": 3000000000}]}"#)
        #expect(found.map(\.field) == ["name", "status", "birthday", "tags[0].label", "tags[0].weight"])
        #expect(found.map(\.pointer) == ["/name", "/status", "/birthday", "/tags/0/label", "/tags/0/weight"])
        #expect(found.first?.message == "missing key 'name' of NewPet")
        #expect(found[1].message == #""availble" is not a case of PetStatus (available, pending, sold); did you mean 'available'?"#)
        #expect(found.allSatisfy { !$0.isWarning })
    }

    @Test func lenientEnumsOnlyWarnAsForSamples() throws {
        let found = try problems(#"{"name": "Rex", "status": "availble"}"#, strictEnums: false)
        #expect(found.map(\.isWarning) == [true])
    }

    @Test func notJSONSaysWhere() throws {
        guard case .failure(let failure) = try check().problems(inJSON: Data("{\n  \"name\": x}".utf8), as: .named("NewPet")) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.reason.contains("line 2"), "\(failure.reason)")
    }

    @Test func parameterTextsAreCheckedAsTheRuntimeWritesThem() throws {
        let check = try check()
        #expect(check.problem(inParameter: "42", as: .named("Int64")) == nil)
        #expect(check.problem(inParameter: "4x", as: .named("Int")) == #"expected Int (a whole number), found "4x""#)
        #expect(check.problem(inParameter: "3000000000", as: .named("Int32"))?.hasPrefix("expected Int32") == true)
        #expect(check.problem(inParameter: "yes", as: .optional(.named("Bool"))) == #"expected Bool (true or false), found "yes""#)
        #expect(check.problem(inParameter: "2024-05-01T12:00:00.250Z", as: .named("Date")) == nil)
        #expect(check.problem(inParameter: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", as: .named("UUID")) == nil)
        #expect(check.problem(inParameter: "sold", as: .array(.named("PetStatus"))) == nil)
        #expect(check.problem(inParameter: "gone", as: .named("PetStatus")) == #""gone" is not a case of PetStatus (available, pending, sold)"#)
        #expect(check.problem(inParameter: "anything", as: .named("String")) == nil)
    }
}
