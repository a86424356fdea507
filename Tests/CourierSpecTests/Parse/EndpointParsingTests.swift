import Testing
@testable import CourierSpec

@Suite struct EndpointParsingTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test func endpointWithoutMethod() {
        #expect(diagnostics(Self.header + """
            endpoints:
              listPets:
                response: [Pet]
            """, at: 4, 3) == [
            "4:3: error: endpoint 'listPets' needs a method and a path, such as `get: /pets` "
                + "(methods: get, post, put, patch, delete, head, options)",
        ])
    }

    @Test func endpointWithTwoMethods() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                post: /pets
            """) == [
            "6:5: error: endpoint 'pets' has a second method 'post' (it already has 'get' at line 5); "
                + "declare one endpoint per method",
        ])
    }

    @Test func unknownHTTPMethod() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                fetch: /pets
              more:
                gett: /more
            """) == [
            "5:5: error: unknown HTTP method 'fetch' in endpoint 'pets' "
                + "(use get, post, put, patch, delete, head, options)",
            "7:5: error: unknown HTTP method 'gett' in endpoint 'more' "
                + "(use get, post, put, patch, delete, head, options); did you mean 'get'?",
        ])
    }

    @Test func unknownEndpointKeyIsAWarning() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                resposne: Int
            """) == ["6:5: warning: unknown key 'resposne' in endpoint 'pets'; did you mean 'response'?"])
    }

    @Test func unknownTopLevelKeyIsAWarning() {
        #expect(diagnostics("""
            service: A
            basURL: https://x.example.com
            x-mine: ignored
            """) == ["2:1: warning: unknown key 'basURL' in the spec; did you mean 'baseURL'?"])
    }

    @Test func twoBodies() {
        #expect(diagnostics(Self.header + """
            endpoints:
              upload:
                post: /upload
                body: String
                raw: image/png
            """) == [
            "7:5: error: endpoint 'upload' has both `body` and `raw`; a request has one body: `body`, `form`, `raw` or `multipart`",
        ])
    }

    @Test(arguments: [
        ("30", 30.0), ("1.5", 1.5), ("30s", 30), ("500ms", 0.5), ("2m", 120), ("1h", 3600), ("0.0004", 0.0004),
        ("0.000000001", 0.000000001), ("0.0005ms", 0.0000005),
    ])
    func durations(text: String, seconds: Double) throws {
        let spec = try spec("service: A\ntimeout: \(text)")
        #expect(spec.timeout?.value == seconds)
    }

    /// Generated code writes durations in whole nanoseconds at the finest: a shorter step is an
    /// error at its line, never a duration rounded to another (`0.0000000004` was `.zero`).
    @Test func durationsFinerThanANanosecondOrLongerThanADurationHolds() {
        #expect(diagnostics(Self.header + """
            timeout: 0.0000000004
            endpoints:
              pets:
                get: /pets
                timeout: 0.0000000015
                cache: { policy: remoteOnly, ttl: 9999999999999999999 }
            """) == [
            "3:10: error: duration '0.0000000004' for `timeout` is not a whole number of nanoseconds, the finest "
                + "step a generated duration is written in",
            "7:14: error: duration '0.0000000015' for `timeout` of endpoint 'pets' is not a whole number of "
                + "nanoseconds, the finest step a generated duration is written in",
            "8:39: error: duration '9999999999999999999' for the ttl of `cache` of endpoint 'pets' is longer than "
                + "generated code can write (9200000000000000000 seconds)",
        ])
    }

    @Test func invalidDurations() {
        #expect(diagnostics(Self.header + """
            timeout: 30 sec
            endpoints:
              pets:
                get: /pets
                timeout: 0
                cache: { policy: remoteOnly, ttl: -5m }
            """) == [
            "3:10: error: invalid duration '30 sec' for `timeout`; write seconds (30) or a positive number with "
                + "ms, s, m or h (500ms, 30s, 2m)",
            "7:14: error: invalid duration '0' for `timeout` of endpoint 'pets'; write seconds (30) or a positive "
                + "number with ms, s, m or h (500ms, 30s, 2m)",
            "8:39: error: invalid duration '-5m' for the ttl of `cache` of endpoint 'pets'; write seconds (30) or a "
                + "positive number with ms, s, m or h (500ms, 30s, 2m)",
        ])
    }

    @Test func cachePolicyShorthand() throws {
        let spec = try spec(Self.header + """
            endpoints:
              pets:
                get: /pets
                cache: localElseRemote
            """)
        #expect(spec.endpoints.first?.cache?.policy.value == .localElseRemote)
        #expect(spec.endpoints.first?.cache?.ttl == nil)
    }

    @Test func missingServiceAndBaseURL() {
        #expect(diagnostics("""
            courier: 1
            endpoints:
              pets:
                get: /pets
            """) == [
            "1:1: error: the spec needs `service:`, the namespace of everything generated (such as `service: Petstore`)",
            "2:1: error: a spec with endpoints needs `baseURL:`, such as `baseURL: https://api.example.com/v1`",
        ])
    }

    @Test func unsupportedVersion() {
        #expect(diagnostics("courier: 2\nservice: A") == [
            "1:10: error: unsupported spec version '2'; this tool reads `courier: 1`",
        ])
    }
}
