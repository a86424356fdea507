import Testing
@testable import CourierSpec

/// `authSchemes:` and the names `auth:` may use.
@Suite struct AuthSchemeCheckTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    /// A valid bearer scheme with refresh, an API key and basic; the lines below start at 3.
    private static let schemes = header + """
        auth: session
        authSchemes:
          session:
            type: bearer
            refresh: { endpoint: refresh, parameter: token, accessToken: access, refreshToken: renew, expiresIn: ttl }
          key: { type: apiKey, in: query, name: api_key }
          admin: { type: basic }
        models:
          Tokens: { access: String, renew: String, ttl: Int }
        endpoints:
          refresh:
            post: /refresh
            auth: none
            form: { token: String, scope: { type: String, default: all } }
            response: Tokens
          export:
            get: /export
            auth: key

        """

    @Test func validSchemesLoadCleanly() throws {
        #expect(diagnostics(Self.schemes) == [])
        let parsed = try spec(Self.schemes)
        #expect(parsed.authSchemes.map(\.name.value) == ["session", "key", "admin"])
        #expect(parsed.authSchemes[0].refresh?.expiresIn?.value == "ttl")
        #expect(parsed.authSchemes[1].placement?.value == .query)
    }

    @Test func unknownSchemeNamesAreErrorsWithSuggestions() {
        #expect(diagnostics(Self.schemes + """
              other:
                get: /other
                auth: Session
              plain:
                get: /plain
                auth: bearer
            """) == [
            "23:11: error: unknown auth scheme 'Session' (use none, session, key, admin, bearer, basic; or declare one "
                + "under `authSchemes:` with `type:` bearer, basic, apiKey); did you mean 'session'?",
        ])
        #expect(diagnostics(Self.header + "auth: Bearer\n") == [
            "3:7: error: unknown auth scheme 'Bearer' (use none, bearer, basic; or declare one under `authSchemes:` "
                + "with `type:` bearer, basic, apiKey); did you mean 'bearer'?",
        ])
        // A scheme Courier has no type for names the ones it has.
        #expect(diagnostics(Self.header + "auth: digest\n") == [
            "3:7: error: unknown auth scheme 'digest' (use none, bearer, basic; or declare one under `authSchemes:` "
                + "with `type:` bearer, basic, apiKey)",
        ])
        // `apiKey` needs a declaration: where the key goes and under which name.
        #expect(diagnostics(Self.header + "auth: apiKey\n") == [
            "3:7: error: unknown auth scheme 'apiKey' (use none, bearer, basic; or declare one under `authSchemes:` "
                + "with `type:` bearer, basic, apiKey, such as `apiKey: { type: apiKey, … }`)",
        ])
    }

    @Test func refreshEndpointMustExistTakeTheTokenAndAnswerWithTheFields() {
        #expect(diagnostics(Self.header + """
            authSchemes:
              session:
                type: bearer
                refresh: { endpoint: refersh, parameter: token, accessToken: access }
            endpoints:
              refresh: { post: /refresh, response: String }
            """) == [
            "6:26: error: refresh endpoint 'refersh' of auth scheme 'session' is not an endpoint of this spec; did you mean 'refresh'?",
        ])
        #expect(diagnostics(Self.header + """
            authSchemes:
              session:
                type: bearer
                refresh: { endpoint: refresh, parameter: tokn, accessToken: acess, expiresIn: ttl }
            models:
              Tokens: { access: "String?", ttl: String }
            endpoints:
              refresh:
                post: /refresh
                query: { token: String, page: Int }
                response: Tokens
            """) == [
            "6:46: error: refresh endpoint 'refresh' has no parameter 'tokn' to take the refresh token; did you mean 'token'?",
            "6:65: error: 'Tokens', the response of refresh endpoint 'refresh', has no field 'acess' for the access token (a String); did you mean 'access'?",
            "6:83: error: field 'ttl' of 'Tokens' holds the lifetime in seconds (a number), so it cannot be String",
        ])
        #expect(diagnostics(Self.header + """
            authSchemes:
              session:
                type: bearer
                refresh: { endpoint: refresh, parameter: token, accessToken: access }
            models:
              Tokens: { access: String }
            endpoints:
              refresh:
                post: /refresh
                query: { token: Int, page: Int }
                response: Tokens
            """) == [
            "6:46: error: parameter 'token' of refresh endpoint 'refresh' takes the refresh token, so it must be a String, not Int",
            "12:26: error: parameter 'page' of refresh endpoint 'refresh' needs a default or an optional type: only the refresh token is passed when refreshing",
        ])
    }

    /// A `nullable: true` refresh token or lifetime reads `null` as absent, but a grant cannot be
    /// without its access token: a nullable one is refused like an optional one.
    @Test func aNullableAccessTokenIsAnError() {
        #expect(diagnostics(Self.header + """
            authSchemes:
              session:
                type: bearer
                refresh: { endpoint: refresh, parameter: token, accessToken: access, refreshToken: renew, expiresIn: ttl }
            models:
              Tokens:
                fields:
                  access: { type: String, nullable: true }
                  renew: { type: "String?", nullable: true }
                  ttl: { type: Int, nullable: true }
            endpoints:
              refresh: { post: /refresh, form: { token: String }, response: Tokens }
            """) == [
            "6:66: error: field 'access' of 'Tokens' holds the access token (a String), so it cannot be `nullable: true`: "
                + "every grant has one",
        ])
    }

    @Test func schemeShapes() {
        #expect(diagnostics(Self.header + """
            authSchemes:
              key: { type: apiKey, in: cookie, name: k }
              nameless: { type: apiKey, in: header }
              basicRefresh: { type: basic, refresh: { endpoint: a, parameter: b, accessToken: c } }
              typo: { type: bearr }
              none: { type: bearer }
            """) == [
            "4:28: error: unknown API key placement 'cookie' for `in` of auth scheme 'key' (use header, query)",
            "5:3: error: auth scheme 'nameless' needs `name:`, the header that carries the key",
            "6:41: error: only bearer schemes refresh; auth scheme 'basicRefresh' is basic",
            "7:17: error: unknown auth scheme type 'bearr' for `type` of auth scheme 'typo' (use bearer, basic, apiKey); "
                + "did you mean 'bearer'?",
            "8:3: error: an auth scheme cannot be named 'none': `auth: none` means no authentication",
        ])
    }
}
