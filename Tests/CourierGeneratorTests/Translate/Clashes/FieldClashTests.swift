import Testing

/// Fields named like the locals of hand-written `init(from:)` and `encode(to:)` (`container`,
/// `encoder`, `decoder`) are read and written through `self`, and the code compiles.
@Suite struct FieldClashTests {
    @Test func fieldsNamedLikeTheCodingLocalsCompile() async throws {
        let (files, _) = try await Typecheck.yaml("""
            service: Zoo
            baseURL: https://zoo.example.com
            models:
              Crate:
                container: String = box
                encoder: String?
                decoder: Int = 1
                lhs: Data
                rhs: Date
            """)
        let models = files.filter { $0.key.contains("Models") }.values.joined()
        #expect(models.contains(#"try container.writeString(self.container, "container")"#))
        #expect(models.contains(#"self.container = try container.readStringIfPresent("container") ?? "box""#))
    }
}
