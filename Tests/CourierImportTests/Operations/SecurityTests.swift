import Testing
@testable import CourierImport

/// `securitySchemes` → `authSchemes`, `security` → `auth:`, `servers` → `baseURL` and `environments`.
@Suite struct SecurityTests {
    @Test func schemesAndRequirementsBecomeAuthSchemesAndAuth() throws {
        let imported = try importing("""
            openapi: 3.0.3
            info: { title: Shop, version: '1' }
            servers: [{ url: 'https://shop.example.com' }]
            security: [{ session: [] }]
            paths:
              /me:
                get: { operationId: me, responses: { '204': { description: ok } } }
              /health:
                get: { operationId: health, security: [], responses: { '204': { description: ok } } }
              /partner:
                get: { operationId: partner, security: [{ partner_key: [] }], responses: { '204': { description: ok } } }
              /either:
                get:
                  operationId: either
                  security: [{ oauth: [read] }, { partner_key: [] }]
                  responses: { '204': { description: ok } }
            components:
              securitySchemes:
                session: { type: http, scheme: bearer, description: A session token. }
                partner_key: { type: apiKey, in: query, name: api_key }
                admin: { type: http, scheme: basic }
                oauth: { type: oauth2, flows: { implicit: { authorizationUrl: 'https://x.example.com', scopes: {} } } }
                cookie: { type: apiKey, in: cookie, name: sid }
            """)
        #expect(imported.spec.contains("""
            auth: session
            authSchemes:
              session: { type: bearer, summary: A session token. }
              partner_key: { type: apiKey, in: query, name: api_key }
              admin: { type: basic }
              oauth: { type: bearer }
            """))
        #expect(block(imported.spec, startingWith: "me:") == "me:\n  get: /me")
        #expect(block(imported.spec, startingWith: "health:") == "health:\n  get: /health\n  auth: none")
        #expect(block(imported.spec, startingWith: "partner:") == "partner:\n  get: /partner\n  auth: partner_key")
        #expect(block(imported.spec, startingWith: "either:") == "either:\n  get: /either\n  auth: oauth")
        #expect(imported.noted("security", at: "#/components/securitySchemes/oauth", "flows are not generated"))
        #expect(imported.noted("security", at: "#/components/securitySchemes/cookie"))
        #expect(imported.noted("security", at: "#/paths/~1either/get/security", "any of 2 ways"))
    }

    @Test func theFirstServerIsTheBaseURLAndTheOthersEnvironments() throws {
        let imported = try importing("""
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            servers:
              - url: 'https://{region}.shop.example.com/v1/'
                variables: { region: { default: eu, enum: [eu, us] } }
              - { url: 'https://staging.shop.example.com/v1', description: Staging }
              - { url: /relative }
              - { url: 'http://127.0.0.1:8080/v1', description: A server on this machine for development }
            paths: {}
            """)
        #expect(imported.spec.contains("""
            baseURL: https://eu.shop.example.com/v1
            environments:
              staging: https://staging.shop.example.com/v1
              server4: http://127.0.0.1:8080/v1
            """))
        #expect(imported.noted("server", at: "#/servers/0/variables/region", "fixed to its default 'eu'"))
        #expect(imported.noted("server", at: "#/servers/2", "not an absolute"))
    }

    @Test func withoutServersTheBaseURLIsAPlaceholderAndSaysSo() throws {
        let imported = try importing("openapi: 3.0.3\ninfo: { title: Shop, version: '1' }\npaths: {}\n")
        #expect(imported.spec.contains("baseURL: https://api.example.com\n"))
        #expect(imported.outcome.report.approximations.contains { $0.kind == "server" && $0.message.contains("placeholder") || $0.message.contains("replace it") })
    }
}
