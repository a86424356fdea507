import Courier
import Testing

@Suite struct IndirectTests {
    private struct Team: Hashable, Sendable {
        var name: String
        @Indirect var parent: Team?
    }

    @Test func aStructCanHoldItselfAndKeepsValueSemantics() {
        let root = Team(name: "core", parent: nil)
        var child = Team(name: "runtime", parent: root)
        let copy = child
        child.parent?.name = "platform"
        #expect(child.parent?.name == "platform")
        #expect(copy.parent?.name == "core", "the copy still holds its own parent")
        #expect(copy != child)
        child.parent = root
        #expect(copy == child && copy.hashValue == child.hashValue)
    }
}
