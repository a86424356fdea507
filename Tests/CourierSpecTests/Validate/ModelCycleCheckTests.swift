import Testing
@testable import CourierSpec

@Suite struct ModelCycleCheckTests {
    @Test func twoModelsContainingEachOther() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                name: String
                owner: Owner
              Owner:
                pet: Pet
            """) == [
            "5:5: error: models contain themselves: Pet -> Owner -> Pet; a Swift struct cannot contain itself, "
                + "not even through an optional. Break the cycle with a list (such as [Owner]) or by removing a field",
        ])
    }

    @Test func modelContainingItselfThroughAnOptional() {
        #expect(diagnostics("""
            service: A
            models:
              Node:
                next: Node?
            """) == [
            "4:5: error: models contain themselves: Node -> Node; a Swift struct cannot contain itself, "
                + "not even through an optional. Break the cycle with a list (such as [Node]) or by removing a field",
        ])
    }

    @Test func longerCycleReportedOnce() {
        let problems = diagnostics("""
            service: A
            models:
              A: { b: B }
              B: { c: C? }
              C: { a: A, self: "[C]" }
            """)
        #expect(problems == [
            "3:8: error: models contain themselves: A -> B -> C -> A; a Swift struct cannot contain itself, "
                + "not even through an optional. Break the cycle with a list (such as [B]) or by removing a field",
        ])
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
