import Testing
@testable import CourierSpec

@Suite struct ModelCycleCheckTests {
    @Test func twoModelsContainingEachOtherThroughRequiredFields() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                name: String
                owner: Owner
              Owner:
                pet: Pet
            """) == [
            "5:5: error: models contain themselves through required fields: Pet -> Owner -> Pet; a value of Pet would "
                + "never end. Make one of these fields optional (such as `owner: Owner?`, stored indirectly) or a list "
                + "(such as [Owner])",
        ])
    }

    @Test func aModelContainingItselfThroughAnOptionalIsFine() {
        #expect(diagnostics("""
            service: A
            models:
              Team:
                name: String
                parent: Team?
              Repository:
                template: { type: Repository, nullable: true }
                owner: Owner
              Owner:
                latest: Repository?
            """) == [])
    }

    @Test func longerCycleReportedOnce() {
        let problems = diagnostics("""
            service: A
            models:
              A: { b: B }
              B: { c: C }
              C: { a: A, self: "[C]" }
            """)
        #expect(problems == [
            "3:8: error: models contain themselves through required fields: A -> B -> C -> A; a value of A would never "
                + "end. Make one of these fields optional (such as `b: B?`, stored indirectly) or a list (such as [B])",
        ])
    }

    @Test func anOptionalAnywhereInTheCycleBreaksIt() {
        #expect(diagnostics("""
            service: A
            models:
              A: { b: B }
              B: { c: C? }
              C: { a: A }
            """) == [])
    }

    @Test func listsAndDictionariesBreakCycles() {
        #expect(diagnostics("""
            service: A
            models:
              Node:
                children: [Node]
                byName: "[String: Node]?"
                parent: "[Node]?"
            """) == [])
    }
}
