/// A handle on a call started with a completion handler; ``cancel()`` stops it.
///
/// Cancelling cancels the transport call; the completion handler then receives `CancellationError`.
public protocol Cancellable: Sendable {
    /// Stops the call if it is still running; calling it again does nothing.
    func cancel()
}
