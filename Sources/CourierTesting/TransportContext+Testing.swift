import Courier
import Logging

extension TransportContext {
    /// A context for calling a transport's `send` directly in a test, as a call to `endpoint`
    /// given `timeout`, sleeping on `clock` and reporting progress to `progress`.
    ///
    /// ```swift
    /// let response = try await transport.send(prepared, context: .testing())
    /// ```
    public static func testing(
        endpoint: String = "test", timeout: Duration = .seconds(30), progress: ProgressSink = .none,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> TransportContext {
        TransportContext(endpoint: endpoint, timeout: timeout, progress: progress, clock: clock)
    }
}
