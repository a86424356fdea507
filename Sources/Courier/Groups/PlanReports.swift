/// Where a group tells its caller about each member as it ends, and where calls report their
/// transfer progress; the delegate style (``CallDelegate``) listens here.
struct PlanReports: Sendable {
    /// A member or step ended with `result`; awaited, so reports arrive in order and before the
    /// group's own end.
    let memberFinished: @Sendable (CallGroupMembership, Result<any Sendable, any Error>) async -> Void
    /// A call (in the group `membership`, if any) moved bytes; must not block.
    let progress: @Sendable (CallGroupMembership?, TransferProgress) -> Void
}
