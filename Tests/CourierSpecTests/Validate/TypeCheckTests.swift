import Testing
@testable import CourierSpec

@Suite struct TypeCheckTests {
    @Test func unknownTypeSuggestsModelOrBuiltin() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                owner: Ownr?
                name: string
                tags: [Strng]
              Owner: {}
            """) == [
            "4:12: error: unknown type 'Ownr' in field 'owner' of model 'Pet'; did you mean 'Owner'?",
            "5:11: error: unknown type 'string' in field 'name' of model 'Pet'; did you mean 'String'?",
            "6:11: error: unknown type 'Strng' in field 'tags' of model 'Pet'; did you mean 'String'?",
        ])
    }

    @Test func unknownTypeWithoutCloseMatch() {
        #expect(diagnostics("service: A\nmodels:\n  Pet: { x: Zebra }") == [
            "3:13: error: unknown type 'Zebra' in field 'x' of model 'Pet'",
        ])
    }

    @Test func emptyIsOnlyAWholeResponseType() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com
            endpoints:
              a: { get: /a, response: Empty }
              b: { get: /b, response: [Empty] }
              c: { get: /c, response: Emty }
            """) == [
            "5:27: error: `Empty` is only valid as a whole response type, not in the response of endpoint 'b'",
            "6:27: error: unknown type 'Emty' in the response of endpoint 'c'; did you mean 'Empty'?",
        ])
    }

    @Test func parameterTypesMustTravelAsText() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com
            models:
              Pet: { id: Int }
              Kind: { enum: [cat, dog] }
            endpoints:
              find:
                get: /pets/{kind}
                path: { kind: Kind }
                query:
                  ids: [Int]
                  pet: Pet
                  meta: "[String: Int]"
                  maybe: "[Int?]"
            """) == [
            "12:12: error: query parameter 'pet' of endpoint 'find' has type 'Pet'; parameters must be built-in "
                + "scalars or enums, or lists of them",
            "13:14: error: query parameter 'meta' of endpoint 'find' has type '[String: Int]'; parameters must be "
                + "built-in scalars or enums, or lists of them",
            "14:15: error: query parameter 'maybe' of endpoint 'find' has type '[Int?]'; the items of a list parameter "
                + "cannot be optional (each item is sent or not at all): write [Int]",
        ])
    }

    @Test func aNullableFieldTakesNoDefaultButADateFormat() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                seen: { type: Date, nullable: true, format: date }
                count: { type: "Int?", nullable: true, default: 1 }
                name: { type: String, nullable: true }
            """) == [
            "5:53: error: field 'count' of model 'Pet' is `nullable: true`, which takes no `default`",
        ])
    }

    @Test func formatOnlyForDates() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                born: { type: Date, format: date }
                name: { type: String, format: iso8601 }
                seen: { type: Date, format: unix }
            """) == [
            "5:35: warning: `format` only applies to dates, but field 'name' of model 'Pet' is 'String'",
            "6:33: error: unknown date format 'unix' for `format` of field 'seen' (use iso8601, date, secondsSince1970, millisecondsSince1970)",
        ])
    }
}
