import Testing
@testable import CourierSpec

@Suite struct DefaultValueCheckTests {
    @Test func defaultsThatDoNotFit() {
        #expect(diagnostics("""
            service: A
            models:
              Status: { enum: [available, sold] }
              Pet:
                age: Int = abc
                good: Bool = 3
                status: Status = lost
                links: { type: "[URL]", default: https://x.example.com }
                small: Int32 = 3000000000
                name: String = null
                id: UUID = 42
                ratio: Double = "0.5"
            """) == [
            "5:16: error: the default `abc` of field 'age' of model 'Pet' does not fit its type 'Int': expected an integer",
            "6:18: error: the default `3` of field 'good' of model 'Pet' does not fit its type 'Bool': expected true or false",
            "7:22: error: the default `lost` of field 'status' of model 'Pet' does not fit its type 'Status': "
                + "not a case of 'Status' (available, sold)",
            "8:38: error: the default `https://x.example.com` of field 'links' of model 'Pet' does not fit its type "
                + "'[URL]': expected a list such as []",
            "9:20: error: the default `3000000000` of field 'small' of model 'Pet' does not fit its type 'Int32': "
                + "out of range for Int32",
            "10:20: error: the default `null` of field 'name' of model 'Pet' does not fit its type 'String': "
                + "null fits only optional types (write 'String?')",
            "11:16: error: the default `42` of field 'id' of model 'Pet' does not fit its type 'UUID': "
                + "expected a UUID such as 123E4567-E89B-12D3-A456-426614174000",
            "12:21: error: the default `\"0.5\"` of field 'ratio' of model 'Pet' does not fit its type 'Double': "
                + "expected a number",
        ])
    }

    @Test func defaultsThatFit() {
        #expect(diagnostics("""
            service: A
            models:
              Status: { enum: [available, sold] }
              Level: { enum: [1, 2] }
              Pet:
                age: Int = -3
                good: Bool = true
                status: Status = sold
                level: Level = 2
                links: { type: "[URL]", default: [https://x.example.com] }
                scores: { type: "[String: Double]", default: { a: 1.5 } }
                nick: String? = null
                extra: { type: JSON, default: { any: [thing] } }
                id: UUID = 123E4567-E89B-12D3-A456-426614174000
                blob: Data = aGVsbG8=
                tags: "[String] = [a, b]"
            """) == [])
    }

    @Test func parameterDefaults() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com
            endpoints:
              list:
                get: /pets
                query:
                  limit: Int = ten
            """) == [
            "7:20: error: the default `ten` of query parameter 'limit' of endpoint 'list' does not fit its type "
                + "'Int': expected an integer",
        ])
    }

    @Test func objectDefaultsAreNotSupported() {
        #expect(diagnostics("""
            service: A
            models:
              Owner: { name: String }
              Pet:
                owner: { type: Owner, default: { name: Ann } }
            """) == [
            "5:36: error: the default `{name: Ann}` of field 'owner' of model 'Pet' does not fit its type 'Owner': "
                + "defaults are not supported for models; make the field optional instead",
        ])
    }
}
