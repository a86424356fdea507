/// Which batches and chains a call belongs to, and where in each: the ``CallContext/group`` of
/// every call a ``Batch``, ``ListBatch`` or ``Chain`` sends, so that wares, observers, logs and
/// metrics can group the calls.
///
/// Groups nest (a chain step that is a batch, a batch member that is a chain), so membership is a
/// path of ``Level``s, the outermost group first:
///
/// ```swift
/// if let group = context.group?.innermost {
///     print(group.kind, group.groupID, group.position, group.count)   // chain 4 1 3
/// }
/// ```
public struct CallGroupMembership: Sendable, Hashable, CustomStringConvertible {
    /// The groups, outermost first; never empty.
    public let levels: [Level]

    /// One group and the call's place in it.
    public struct Level: Sendable, Hashable, CustomStringConvertible {
        /// A batch (members run together) or a chain (steps one after another).
        public let kind: CallGroupKind
        /// The group's number, unique in the process; every member of one run of a group shares it.
        public let groupID: UInt64
        /// The group's name, when it was given one.
        public let groupName: String?
        /// The member's index in a batch or the step's index in a chain, from 0.
        public let position: Int
        /// How many members or steps the group has.
        public let count: Int
        /// The member's or step's name: the name it was given, or its request's endpoint name.
        public let memberName: String?

        /// `batch 3 "profiles" member 1/2 (getPet)`.
        public var description: String {
            var text = "\(kind) \(groupID)"
            if let groupName { text += " \"\(groupName)\"" }
            text += " \(kind == .batch ? "member" : "step") \(position + 1)/\(count)"
            if let memberName { text += " (\(memberName))" }
            return text
        }
    }

    /// The group the call is directly a member of.
    public var innermost: Level { levels[levels.count - 1] }

    /// The levels, outermost first, joined by ` › `.
    public var description: String { levels.map(\.description).joined(separator: " › ") }

    /// The membership of the code running now: set while a group runs one of its members.
    @TaskLocal static var current: CallGroupMembership?

    /// The membership of a member at `level` of a group started where the membership is `outer`.
    static func member(_ level: Level, of outer: CallGroupMembership?) -> CallGroupMembership {
        CallGroupMembership(levels: (outer?.levels ?? []) + [level])
    }
}

/// Whether a group runs its members together or one after another.
public enum CallGroupKind: Sendable, Hashable, CustomStringConvertible {
    /// Members run concurrently (``Batch``, ``ListBatch``).
    case batch
    /// Steps run in order, each built from the answers before it (``Chain``).
    case chain

    /// `batch` or `chain`.
    public var description: String { self == .batch ? "batch" : "chain" }
}

/// Numbers groups from 1 in the order they start.
enum CallGroupCounter {
    private static let counter = Locked<UInt64>(0)

    static func next() -> UInt64 {
        counter.withLock { value in
            value &+= 1
            return value
        }
    }
}
