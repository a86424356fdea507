@testable import CourierGenerator
import CourierSpec
import Testing

/// Which fields are boxed in long chains of models: the answer must not depend on how far a cycle
/// reaches (the decision was quadratic in the chain's length; these check the answer only).
@Suite struct IndirectFieldsTests {
    static let length = 3000

    /// `M0 -> M1 -> … -> M2999`, each through `next` (optional or not), each also holding a
    /// `Leaf?` that leads nowhere; `closing` is the last model's field back to `M0`, if any.
    static func chain(nextOptional: Bool, closing: String?) -> Spec {
        let models = (0..<length).map { index in
            var fields = [Build.field("leaf", "Leaf?")]
            if index + 1 < length { fields.append(Build.field("next", "M\(index + 1)" + (nextOptional ? "?" : ""))) }
            if index + 1 == length, let closing { fields.append(Build.field("back", "M0" + closing)) }
            return Build.object("M\(index)", fields)
        }
        return Build.spec(models: models + [Build.object("Leaf", [Build.field("name", "String")])])
    }

    @Test func aLongCycleBoxesEveryOptionalFieldOnIt() {
        let boxed = IndirectFields.compute([Self.chain(nextOptional: true, closing: "?")])
        let expected = Set((0..<(Self.length - 1)).map { "M\($0).next" } + ["M\(Self.length - 1).back"])
        #expect(boxed == expected)
    }

    @Test func aLongCycleThroughRequiredFieldsBoxesOnlyItsOptionalLink() {
        let boxed = IndirectFields.compute([Self.chain(nextOptional: false, closing: "?")])
        #expect(boxed == ["M\(Self.length - 1).back"])
    }

    @Test func aLongChainWithoutCycleBoxesNothing() {
        #expect(IndirectFields.compute([Self.chain(nextOptional: true, closing: nil)]).isEmpty)
    }

    /// Two cycles joined by a one-way field: only the fields inside each cycle are boxed.
    @Test func onlyFieldsInsideACycleAreBoxed() {
        let spec = Build.spec(models: [
            Build.object("A", [Build.field("b", "B?")]),
            Build.object("B", [Build.field("a", "A?"), Build.field("c", "C?")]),
            Build.object("C", [Build.field("d", "D?"), Build.field("me", "C?")]),
            Build.object("D", [Build.field("c", "C?"), Build.field("tags", "[A]")]),
        ])
        #expect(IndirectFields.compute([spec]) == ["A.b", "B.a", "C.d", "C.me", "D.c"])
    }
}
