import Courier
import Foundation
import Logging

extension CallContext {
    /// A context for calling a ware's `intercept` directly in a unit test, as if a client with
    /// these settings had started a call to `endpoint`. Side requests sent through it go to
    /// `transport`. Events it publishes reach no one: test events through a real `Client`.
    ///
    /// ```swift
    /// let context = try CallContext.testing(endpoint: "getPet")
    /// let response = try await MyWare().intercept(request, context: context) { request, _ in
    ///     RawResponse(status: .ok)
    /// }
    /// ```
    public static func testing(
        endpoint: String = "test",
        service: ServiceConfiguration = ServiceConfiguration(
            name: "test", baseURL: URL(string: "https://example.com") ?? URL(fileURLWithPath: "/")),
        transport: any Transport = StubTransport(),
        logger: Logger = Logger(label: "courier-test", factory: { _ in SwiftLogNoOpLogHandler() }),
        clock: any Clock<Duration> = ContinuousClock(),
        wallClock: WallClock = .system,
        random: RandomSource = .system
    ) throws -> CallContext {
        let client = try Client(
            service: service, transport: transport, logger: logger, clock: clock, wallClock: wallClock, random: random)
        return .detached(client: client, endpoint: endpoint)
    }
}
