/// A call's number, unique within the process: in log metadata (`courier.call`), errors and
/// side requests (a side request knows its parent's).
public struct CallID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number; calls are numbered from 1 in the order they start.
    public let value: UInt64

    /// A call ID with this number.
    public init(_ value: UInt64) { self.value = value }

    /// The number as text.
    public var description: String { String(value) }

    /// Orders by number, that is by start.
    public static func < (lhs: CallID, rhs: CallID) -> Bool { lhs.value < rhs.value }

    private static let counter = Locked<UInt64>(0)

    /// The next number.
    static func next() -> CallID {
        CallID(counter.withLock { value in
            value &+= 1
            return value
        })
    }
}
