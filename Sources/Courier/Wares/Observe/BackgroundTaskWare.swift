/// Asks iOS for time to finish each call when the app moves to the background
/// (`beginBackgroundTask` / `endBackgroundTask`), so that a save is not cut off by a swipe home.
/// Where UIKit does not exist it only passes the call on (`BackgroundTaskWare+Darwin.swift`).
public struct BackgroundTaskWare: Ware {
    /// A background-task ware.
    public init() {}

    /// Outermost, so the task covers the whole call.
    public var position: WarePosition { .before(.observation) }

    /// Runs the call inside a background task.
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        try await Self.inBackgroundTask(named: context.endpoint) {
            try await next(request, context)
        }
    }
}
