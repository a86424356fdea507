import CourierGenerator
import CourierSpec
import Testing

/// The generated redaction list learns the names the auth schemes put credentials under, without
/// any field being marked `sensitive: true`.
@Suite struct AuthRedactionSnippetTests {
    /// The translated `sensitiveNames` (string literals) of a one-spec YAML source.
    private func sensitiveNames(_ yaml: String) throws -> [String] {
        let loaded = SpecLoader().load(source: yaml, file: "specs/snippet.courier.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        let result = Translator().translate(loaded.specs)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.models.first).sensitiveNames
    }

    @Test func apiKeyNamesAndRefreshFieldsAreSensitive() throws {
        let names = try sensitiveNames("""
            courier: 1
            service: Partner
            baseURL: https://partner.example.com
            auth: session
            authSchemes:
              header: { type: apiKey, in: header, name: X-Partner-Key }
              query: { type: apiKey, in: query, name: partner_token }
              session:
                type: bearer
                refresh:
                  endpoint: renew
                  parameter: refreshToken
                  accessToken: accessToken
                  refreshToken: refreshToken
                  expiresIn: expiresIn
            models:
              Tokens:
                accessToken: { type: String, key: access }
                refreshToken: String
                expiresIn: Int
            endpoints:
              renew:
                post: /renew
                auth: none
                form:
                  refreshToken: { type: String, key: grant_refresh }
                response: Tokens
              ping: { get: /ping, auth: header }
            """)
        for name in ["x-partner-key", "partner_token", "grant_refresh", "access", "refreshtoken"] {
            #expect(names.contains(#""\#(name)""#), "missing \(name) in \(names)")
        }
        #expect(!names.contains(#""expiresin""#), "a token's lifetime is no secret")
        #expect(names == names.sorted(), "sorted")
        #expect(Set(names).count == names.count, "de-duplicated")
    }

    @Test func snakeCaseKeysAddTheSnakeCaseSpellingOfRefreshFields() throws {
        let names = try sensitiveNames("""
            courier: 1
            service: Partner
            baseURL: https://partner.example.com
            keys: snakeCase
            authSchemes:
              session:
                type: bearer
                refresh: { endpoint: renew, parameter: token, accessToken: accessToken, refreshToken: refreshToken }
            models:
              Tokens: { accessToken: String, refreshToken: String }
            endpoints:
              renew:
                post: /renew
                auth: none
                query:
                  token: String
                response: Tokens
            """)
        #expect(names == [#""access_token""#, #""accesstoken""#, #""refresh_token""#, #""refreshtoken""#, #""token""#])
    }

    @Test func aSpecWithoutAuthSchemesAddsNoNames() throws {
        let names = try sensitiveNames("""
            courier: 1
            service: Shop
            baseURL: https://shop.example.com
            models:
              Tokens: { accessToken: String, refreshToken: String }
            endpoints:
              renew:
                post: /renew
                form:
                  refreshToken: String
                  otp: { type: String, sensitive: true }
                response: Tokens
            """)
        #expect(names == [#""otp""#], "only what is marked sensitive")
    }
}
