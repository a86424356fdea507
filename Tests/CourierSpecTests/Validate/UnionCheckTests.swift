import Testing
@testable import CourierSpec

@Suite struct UnionCheckTests {
    @Test func aUnionIsRead() throws {
        let parsed = try spec("""
            service: A
            models:
              User: { type: String, login: String }
              Actor:
                union:
                  discriminator: type
                  cases: { user: User }
            """)
        guard case .union(let union) = parsed.models.last?.kind else { Issue.record("not a union"); return }
        #expect(union.discriminator?.value == "type")
        #expect(union.cases.map(\.value.value) == ["user"])
        #expect(union.cases.map(\.type.value) == [.named("User")])
    }

    @Test func mistakesInUnions() {
        #expect(diagnostics("""
            service: A
            models:
              User: { type: String, login: String }
              Bot: { login: String }
              App: { type: Int }
              Actor:
                union:
                  discriminator: type
                  cases: { user: User, bot: Bot, app: App, ghost: Usr, name: String, admin: User }
              Label:
                union:
                  cases: { name: String, Name: String }
              Empty:
                union: { discriminator: kind }
            """) == [
            "5:16: error: the discriminator 'type' of union 'Actor' must be a String field of 'App', not 'Int'",
            "9:33: error: model 'Bot' (case 'bot' of union 'Actor') has no field 'type', the discriminator; add "
                + "`type: String` so the value encodes back with it",
            "9:55: error: unknown type 'Usr' in case 'ghost' of union 'Actor'; did you mean 'User'?",
            "9:66: error: case 'name' of union 'Actor' holds 'String', but a union with a discriminator holds models "
                + "with fields (the discriminator 'type' is one of them)",
            "12:30: error: cases 'name' (line 12) and 'Name' of union 'Label' both become the case 'name'",
            "12:36: error: cases 'name' (line 12) and 'Name' of union 'Label' both hold 'String'; a value could never "
                + "decode as the second",
            "14:12: error: `union` of model 'Empty' needs `cases:`, a mapping such as { user: User, bot: Bot }",
        ])
    }

    @Test func aDiscriminatorMayMapSeveralValuesToOneModelButOrderedCasesMayNotRepeatAType() {
        #expect(diagnostics("""
            service: A
            models:
              StateChange: { event: String, commitId: String? }
              IssueEvent:
                union:
                  discriminator: event
                  cases: { closed: StateChange, reopened: StateChange }
              Label:
                union:
                  cases: { first: StateChange, second: StateChange }
            """) == [
            "10:44: error: cases 'first' (line 10) and 'second' of union 'Label' both hold 'StateChange'; a value "
                + "could never decode as the second",
        ])
    }
}
