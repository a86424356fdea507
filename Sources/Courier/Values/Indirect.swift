/// Stores a model's field on the heap, so that a model can hold itself (`parent: Team?`) or a
/// model that holds it (`templateRepository: Repository?`): a Swift struct cannot contain itself
/// inline, even through an optional.
///
/// Generated models put `@Indirect` on such fields; reading and writing them is unchanged
/// (`team.parent?.name`, `team.parent = nil`). The box is immutable and replaced on each write,
/// so values keep value semantics and stay `Sendable`.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    /// Stores `wrappedValue` on the heap.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// The stored value.
    public var wrappedValue: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Compares the stored values.
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the stored value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}
