/// What a JSON text sequence does with a record cut short
/// (``StreamFailure/truncatedRecord(at:)``).
public enum TruncatedRecordHandling: Sendable {
    /// Skips the record and goes on with the next, as RFC 7464 allows, handing `report` the error
    /// (to log it, count it); the sequence does not throw.
    case skip(report: @Sendable (CourierError) -> Void)
    /// Throws the error, which ends the sequence.
    case fail

    /// Skips truncated records without telling anyone.
    public static var skipSilently: TruncatedRecordHandling { .skip(report: { _ in }) }
}
