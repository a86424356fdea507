#if canImport(UIKit) && !os(watchOS)
import UIKit
#endif

/// Asks iOS for time to finish each call when the app moves to the background
/// (`beginBackgroundTask` / `endBackgroundTask`), so that a save is not cut off by a swipe home.
/// Where UIKit does not exist it only passes the call on.
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
        #if canImport(UIKit) && !os(watchOS)
        let name = context.endpoint
        let task = await MainActor.run { BackgroundTask(name: name) }
        defer { Task { @MainActor in task.end() } }
        #endif
        return try await next(request, context)
    }
}

#if canImport(UIKit) && !os(watchOS)
/// One background task, ended once: when the call ends or when iOS says time is up.
@MainActor
private final class BackgroundTask {
    private var identifier = UIBackgroundTaskIdentifier.invalid

    init(name: String) {
        identifier = UIApplication.shared.beginBackgroundTask(withName: name) { [weak self] in self?.end() }
    }

    func end() {
        guard identifier != .invalid else { return }
        UIApplication.shared.endBackgroundTask(identifier)
        identifier = .invalid
    }
}
#endif
