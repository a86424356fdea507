/// What one call fixes when it starts, read by the chain and the context.
struct CallSetup: Sendable {
    /// When the call started, on the client's monotonic clock.
    var start: Duration
    /// Ware types a side request skips (its sender's, and the ones it named).
    var skipped: Set<ObjectIdentifier>
    /// Where early responses go, for `updates(for:)` callers; `nil` for single-value calls.
    var interim: (@Sendable (RawResponse, CallContext) -> Void)?
    /// Where transports report the transfer's progress.
    var progress: ProgressSink = .none
    /// The batches and chains the call is a member of.
    var group: CallGroupMembership?
}
