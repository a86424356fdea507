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
                + "defaults are not supported for UUID fields; leave it out or make the field optional",
            "12:21: error: the default `\"0.5\"` of field 'ratio' of model 'Pet' does not fit its type 'Double': "
                + "expected a number",
        ])
    }

    /// A `Float` holds up to about 3.4e38 and a `Double` up to about 1.8e308: a default past that
    /// was inf or code that does not compile; one too small to hold became 0; `nan` and `inf` are
    /// no numbers a literal can write.
    @Test func floatingPointDefaultsOutOfRange() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                big: Float = 1e39
                small: Float = -1e-50
                huge: Double = 1e309
                tiny: Double = 1e-400
                odd: Double = nan
                endless: Float = inf
                fine: Float = 3.4e38
                zero: Float = 0.0e-99
                least: Float = 1e-45
                negative: Double = -2.5e307
            """) == [
            "4:18: error: the default `1e39` of field 'big' of model 'Pet' does not fit its type 'Float': "
                + "out of range for Float",
            "5:20: error: the default `-1e-50` of field 'small' of model 'Pet' does not fit its type 'Float': "
                + "too close to zero for Float, which would hold 0",
            "6:20: error: the default `1e309` of field 'huge' of model 'Pet' does not fit its type 'Double': "
                + "out of range for Double",
            "7:20: error: the default `1e-400` of field 'tiny' of model 'Pet' does not fit its type 'Double': "
                + "too close to zero for Double, which would hold 0",
            "8:19: error: the default `nan` of field 'odd' of model 'Pet' does not fit its type 'Double': "
                + "expected a number",
            "9:22: error: the default `inf` of field 'endless' of model 'Pet' does not fit its type 'Float': "
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
                scores: { type: "[String: Double]", default: { a: 1.5 } }
                nick: String? = null
                extra: { type: JSON, default: { any: [thing] } }
                tags: "[String] = [a, b]"
            """) == [])
    }

    /// The generator has no literal for these that cannot fail: the spec reports the default, so a
    /// spec that loads cleanly also builds.
    @Test func defaultsOfFoundationTypesAreNotSupported() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                id: UUID = 123E4567-E89B-12D3-A456-426614174000
                blob: Data = aGVsbG8=
                born: Date = 2024-01-01T00:00:00Z
                links: { type: "[URL]", default: [https://x.example.com] }
            """) == [
            "4:16: error: the default `123E4567-E89B-12D3-A456-426614174000` of field 'id' of model 'Pet' does not fit "
                + "its type 'UUID': defaults are not supported for UUID fields; leave it out or make the field optional",
            "5:18: error: the default `aGVsbG8=` of field 'blob' of model 'Pet' does not fit its type 'Data': "
                + "defaults are not supported for Data fields; leave it out or make the field optional",
            "6:18: error: the default `2024-01-01T00:00:00Z` of field 'born' of model 'Pet' does not fit its type "
                + "'Date': defaults are not supported for Date fields; leave it out or make the field optional",
            "7:38: error: the default `[https://x.example.com]` of field 'links' of model 'Pet' does not fit its type "
                + "'[URL]': item https://x.example.com: defaults are not supported for URL fields; leave it out or "
                + "make the field optional",
        ])
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
