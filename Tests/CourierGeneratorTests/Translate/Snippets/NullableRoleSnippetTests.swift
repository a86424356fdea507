import CourierGenerator
import CourierSpec
import Testing

/// `nullable: true` fields in the roles generated code reads (a page's items and cursor, a
/// refresh's tokens and lifetime, the error envelope's code): `T?` and `Nullable<T>?` are read as
/// "absent" when `nil` or `null`, and the code compiles. The OpenAPI importer marks every nullable
/// property `nullable: true`, so imported specs have these.
@Suite struct NullableRoleSnippetTests {
    /// A spec with each role on a nullable field; `optional` makes every one of them `T?` too
    /// (which generates `Nullable<T>?`).
    private static func spec(optional: Bool) -> String {
        let mark = optional ? "?" : ""
        return """
            service: Feed
            baseURL: https://api.example.com
            auth: session
            authSchemes:
              session:
                type: bearer
                refresh: { endpoint: renew, parameter: token, accessToken: access, refreshToken: rotated, expiresIn: ttl }
            errors: { model: Failure, codeField: code, events: { MAINT: maintenance } }
            models:
              Issue: { n: Int }
              Page:
                fields:
                  items: { type: "[Issue]\(mark)", nullable: true }
                  next: { type: "String\(mark)", nullable: true }
              Failure:
                fields:
                  code: { type: "String\(mark)", nullable: true }
              Tokens:
                fields:
                  access: String
                  rotated: { type: "String\(mark)", nullable: true }
                  ttl: { type: "Int\(mark)", nullable: true }
            endpoints:
              renew: { post: /renew, auth: none, form: { token: String }, response: Tokens }
              list:
                get: /issues
                query: { cursor: String? }
                response: Page
                pagination: { style: cursor, parameter: cursor, cursor: next, items: items }
            """
    }

    @Test func nullableFieldsReadAsPlainOptionals() async throws {
        let (files, diagnostics) = try await Typecheck.yaml(Self.spec(optional: false))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let text = files.values.joined()
        for line in [
            "style: .cursor(parameter: \"cursor\") { $0.next },", "items: { $0.items ?? [] }",
            "refreshToken: $0.rotated,", "expiresIn: $0.ttl.map { .seconds($0) }", "switch envelope.code {",
            "case \"MAINT\"?: events.append(Event.maintenance)",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
    }

    @Test func nullableOptionalFieldsTreatNullAsAbsent() async throws {
        let (files, diagnostics) = try await Typecheck.yaml(Self.spec(optional: true))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let text = files.values.joined()
        for line in [
            "style: .cursor(parameter: \"cursor\") { $0.next?.wrapped },", "items: { $0.items?.wrapped ?? [] }",
            "refreshToken: $0.rotated?.wrapped,", "expiresIn: $0.ttl?.wrapped.map { .seconds($0) }",
            "switch envelope.code?.wrapped {", "case \"MAINT\"?: events.append(Event.maintenance)",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
    }
}
