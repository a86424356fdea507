/// Where an element of a streamed body (a server-sent event, a JSON line, a JSON text sequence
/// record) is: which element it is and where its bytes start.
public struct StreamPosition: Sendable, Hashable, CustomStringConvertible {
    /// The element's zero-based index among the elements the stream produced (server-sent events
    /// that were dispatched, JSON lines that are not blank, JSON text sequence records).
    public var index: Int
    /// The offset in the body of the element's first byte: the first line of a server-sent
    /// event's block, the first byte of a JSON line, the `RS` that opens a record.
    public var byteOffset: Int

    /// A position.
    public init(index: Int, byteOffset: Int) {
        self.index = index
        self.byteOffset = byteOffset
    }

    /// `element 3 at byte 1024`.
    public var description: String { "element \(index) at byte \(byteOffset)" }
}
