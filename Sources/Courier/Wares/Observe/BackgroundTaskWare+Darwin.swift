// The UIKit half of BackgroundTaskWare: Apple platforms with UIApplication only (iOS, iPadOS,
// tvOS, visionOS, Mac Catalyst; not watchOS), never compiled on the Linux machines Courier is
// developed on. Follows Apple's documentation of UIApplication
// (developer.apple.com/documentation/uikit/uiapplication):
// - beginBackgroundTask(withName:expirationHandler:) -> UIBackgroundTaskIdentifier, main actor;
//   the handler runs on the main thread when time is up, and must end the task.
// - endBackgroundTask(_:), main actor, once per identifier; UIBackgroundTaskIdentifier.invalid.
#if canImport(UIKit) && !os(watchOS)
import UIKit

extension BackgroundTaskWare {
    /// Runs `body` inside a background task named `name`, ended when `body` returns or throws.
    static func inBackgroundTask(
        named name: String, _ body: () async throws -> RawResponse
    ) async throws -> RawResponse {
        let task = await MainActor.run { BackgroundTask(name: name) }
        defer { Task { @MainActor in task.end() } }
        return try await body()
    }
}

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
#else
extension BackgroundTaskWare {
    /// Without UIKit there is no background task to ask for: runs `body`.
    static func inBackgroundTask(
        named name: String, _ body: () async throws -> RawResponse
    ) async throws -> RawResponse {
        try await body()
    }
}
#endif
