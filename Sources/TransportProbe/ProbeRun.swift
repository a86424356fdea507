import Courier
import Foundation

/// One call of one scenario on one transport.
struct ProbeRun {
    let transport: String
    let scenario: Scenario
    let port: Int
    let timeout: Duration
    let limit: Int

    /// `<outcome> <elapsed-ms>`, where the outcome is the failure's kind or `ok`.
    func run() async -> String {
        let made = ProbeTransports.make(transport)
        let service = ServiceConfiguration(
            name: "probe", baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: timeout, maximumResponseSize: limit)
        let outcome: String
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let client = try Client(service: service, transport: made)
            _ = try await client.send(Request<Data>(method: .get, path: scenario.path))
            outcome = "ok"
        } catch let error as CourierError {
            if case .transport(.timedOut) = error.reason { outcome = "timedOut" } else { outcome = error.kind.name }
        } catch {
            outcome = "\(type(of: error))"
        }
        let elapsed = clock.now - start
        await ProbeTransports.shutDown(made)
        let (seconds, attoseconds) = elapsed.components
        return "\(outcome) \(seconds * 1000 + attoseconds / 1_000_000_000_000_000)"
    }
}
