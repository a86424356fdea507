/// A batch or chain that failed: which member or step failed and why, and the answers of the
/// members or steps that had finished.
///
/// A fail-fast batch throws it for its first failing member (after cancelling the others); a
/// chain for the step that failed (no later step starts). Nested groups nest their failures:
/// ``rootCause`` is the first error that is not a group's.
///
/// ```swift
/// do {
///     let (pet, owners) = try await client.batch(Petstore.getPet(id: 1), Petstore.listOwners())
/// } catch let failure as CallGroupFailure {
///     print(failure.member, failure.memberName)                     // 1 "listOwners"
///     let pet = failure.value(of: 0, as: Petstore.Pet.self)          // kept if it had arrived
///     if let error = failure.rootCause as? CourierError { … }
/// }
/// ```
public struct CallGroupFailure: Error, CustomStringConvertible {
    /// A batch or a chain.
    public let kind: CallGroupKind
    /// The group's number (as in ``CallGroupMembership/Level/groupID``).
    public let groupID: UInt64
    /// The group's name, when it was given one.
    public let groupName: String?
    /// The index of the member or step that failed, from 0.
    public let member: Int
    /// Its name: the name it was given, or its request's endpoint name.
    public let memberName: String?
    /// What it threw.
    public let error: any Error
    /// The answers of the members or steps that finished, by index.
    public let completed: [Int: any Sendable]

    /// The answer of member or step `index`, if it finished and is a `T`.
    public func value<T>(of index: Int, as type: T.Type = T.self) -> T? {
        completed[index] as? T
    }

    /// The first error down the nested groups that is not a group's own.
    public var rootCause: any Error {
        var error: any Error = self.error
        while let group = error as? CallGroupFailure { error = group.error }
        return error
    }

    /// `batch 3 "profiles" failed at member 2 (getPet): …`.
    public var description: String {
        var text = "\(kind) \(groupID)"
        if let groupName { text += " \"\(groupName)\"" }
        text += " failed at \(kind == .batch ? "member" : "step") \(member + 1)"
        if let memberName { text += " (\(memberName))" }
        return text + ": \(error)"
    }
}
