import Testing
@testable import CourierSpec

/// Closed word lists (methods, cache policies, date formats, key strategies, auth scheme types,
/// API key placements) are read once, by the parser: every word of each list reads as its case,
/// and any other text is an error at its line naming the words there are and the closest one.
@Suite struct SpecParserWordsTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test(arguments: HTTPMethod.allCases) func everyMethodReadsAsItsCase(method: HTTPMethod) throws {
        let parsed = try spec(Self.header + "endpoints:\n  a:\n    \(method.rawValue): /a\n")
        #expect(parsed.endpoints.first?.method?.value == method)
        #expect(parsed.endpoints.first.map { "\($0.method?.location.line ?? 0):\($0.method?.location.column ?? 0)" } == "5:5")
    }

    @Test(arguments: CachePolicyMode.allCases) func everyCachePolicyReadsAsItsCase(mode: CachePolicyMode) throws {
        let parsed = try spec(Self.header + "cache: \(mode.rawValue)\nendpoints:\n  a:\n    get: /a\n    cache: { policy: \(mode.rawValue) }\n")
        #expect(parsed.cache?.policy.value == mode)
        #expect(parsed.endpoints.first?.cache?.policy.value == mode)
    }

    @Test(arguments: DateFormat.allCases) func everyDateFormatReadsAsItsCase(format: DateFormat) throws {
        let parsed = try spec(Self.header + "dates: \(format.rawValue)\nmodels:\n  M:\n    at: { type: Date, format: \(format.rawValue) }\n")
        #expect(parsed.dateFormat?.value == format)
        guard case .object(let fields) = parsed.models.first?.kind else { throw ModelKindMismatch() }
        #expect(fields.first?.format?.value == format)
    }

    @Test(arguments: KeyStyle.allCases) func everyKeyStrategyReadsAsItsCase(style: KeyStyle) throws {
        #expect(try spec(Self.header + "keys: \(style.rawValue)\n").keyStrategy?.value == style)
    }

    @Test(arguments: PaginationSetting.Style.allCases) func everyPaginationStyleReadsAsItsCase(style: PaginationSetting.Style) throws {
        let parsed = try spec(Self.header + """
            pagination: \(style.rawValue)
            endpoints:
              a:
                get: /a
                pagination: { style: \(style.rawValue) }
            """)
        #expect(parsed.pagination?.style?.value == style)
        #expect(parsed.endpoints.first?.pagination?.style?.value == style)
    }

    /// The service's style is reported once, where it is written, not again at each endpoint
    /// that takes it with `pagination: true`.
    @Test func aServiceStyleThatIsNoneIsReportedOnce() {
        let endpoint = "endpoints:\n  a:\n    get: /a\n    response: [String]\n    pagination: true\n"
        #expect(diagnostics(Self.header + "pagination: links\n" + endpoint) == [
            "3:13: error: unknown pagination style 'links' for `pagination` (use link, page, cursor); did you mean 'link'?",
        ])
        #expect(diagnostics(Self.header + "pagination: { parameter: p }\n" + endpoint) == [
            "3:13: error: `pagination` needs `style:` (link, page, cursor)",
        ])
    }

    @Test func everyAuthSchemeTypeAndPlacementReadsAsItsCase() throws {
        let parsed = try spec(Self.header + """
            authSchemes:
              a: { type: bearer }
              b: { type: basic }
              c: { type: apiKey, in: header, name: X-Key }
              d: { type: apiKey, in: query, name: key }
            """)
        #expect(parsed.authSchemes.map(\.type.value) == [.bearer, .basic, .apiKey, .apiKey])
        #expect(parsed.authSchemes.map(\.placement?.value) == [nil, nil, .header, .query])
    }

    @Test func unknownWordsAreErrorsWithTheWordsThereAre() {
        #expect(diagnostics(Self.header + """
            cache: { policy: never }
            dates: millisecondsSince1907
            keys: kebabCase
            authSchemes:
              key: { type: apikey, name: k }
              other: { type: apiKey, in: Header, name: k }
            models:
              M:
                at: { type: Date, format: dat }
            endpoints:
              pets:
                GET: /pets
                cache: locaOnly
            """) == [
            "3:18: error: unknown cache policy 'never' for `policy` of `cache` (use remoteOnly, localOnly, localElseRemote, "
                + "remoteElseLocal, localThenRemote)",
            "4:8: error: unknown date format 'millisecondsSince1907' for `dates` (use iso8601, date, secondsSince1970, "
                + "millisecondsSince1970); did you mean 'millisecondsSince1970'?",
            "5:7: error: unknown key strategy 'kebabCase' for `keys` (use useDefaultKeys, snakeCase)",
            "7:16: error: unknown auth scheme type 'apikey' for `type` of auth scheme 'key' (use bearer, basic, apiKey); "
                + "did you mean 'apiKey'?",
            "8:30: error: unknown API key placement 'Header' for `in` of auth scheme 'other' (use header, query); "
                + "did you mean 'header'?",
            "11:31: error: unknown date format 'dat' for `format` of field 'at' (use iso8601, date, secondsSince1970, "
                + "millisecondsSince1970); did you mean 'date'?",
            "14:5: error: unknown HTTP method 'GET' in endpoint 'pets' (use get, post, put, patch, delete, head, options); "
                + "did you mean 'get'?",
            "15:12: error: unknown cache policy 'locaOnly' for `cache` of endpoint 'pets' (use remoteOnly, localOnly, "
                + "localElseRemote, remoteElseLocal, localThenRemote); did you mean 'localOnly'?",
        ])
    }

    @Test func aWordMustBeText() {
        #expect(diagnostics(Self.header + "dates: [iso8601]\nkeys: { snakeCase: true }\n") == [
            "3:8: error: `dates` must be text, found a list",
            "4:7: error: `keys` must be text, found a mapping",
        ])
    }

    @Test func anAPIKeySchemeWithoutInSaysWhereTheKeyCanGo() {
        #expect(diagnostics(Self.header + """
            authSchemes:
              key: { type: apiKey, name: k }
            """) == [
            "4:3: error: auth scheme 'key' needs `in:` (header, query) and `name:`",
        ])
    }
}
