import Testing

/// Endpoints named like members the generated code declares beside their methods (the facade's
/// `planContext`, the namespace's `errorMapping`) get a number, and the code compiles.
@Suite struct MemberNameClashTests {
    @Test func endpointsNamedLikeGeneratedMembersAreNumbered() async throws {
        let (files, _) = try await Typecheck.yaml("""
            service: Em
            baseURL: https://api.example.com
            errors: { model: APIError }
            models:
              APIError: { message: String }
            endpoints:
              errorMapping: { get: /e }
              planContext: { get: /p, stream: { lines: String } }
            """)
        let text = files.values.joined()
        for line in [
            "public static func errorMapping2() -> Request<Void> {", "public func errorMapping2() async throws {",
            "public func planContext2() async throws -> JSONLines<IdleLimitedChunks, String> {", "public static let errorMapping = ErrorMapping {",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
    }

    /// `errorMapping` is the namespace's only with `errors:`; elsewhere an endpoint keeps it.
    @Test func errorMappingIsTakenOnlyWithAnErrorEnvelope() async throws {
        let (files, _) = try await Typecheck.yaml("""
            service: Em
            baseURL: https://api.example.com
            endpoints:
              errorMapping: { get: /e }
            """)
        #expect(files.values.joined().contains("public static func errorMapping() -> Request<Void> {"))
    }
}
