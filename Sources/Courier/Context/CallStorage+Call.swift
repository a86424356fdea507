import Foundation

/// What one call keeps besides its typed values: set when the call starts, read by the chain and
/// the context. Kept on ``CallStorage`` so a call costs one shared object, not several.
struct CallSetup: Sendable {
    /// When the call started, on the client's monotonic clock.
    var start: Duration
    /// When the call started, on the client's wall clock.
    var wallStart: Date
    /// Ware types a side request skips (its sender's, and the ones it named).
    var skipped: Set<ObjectIdentifier>
    /// Where early responses go, for `updates(for:)` callers; `nil` for single-value calls.
    var interim: (@Sendable (RawResponse, CallContext) -> Void)?
}
