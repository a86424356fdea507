import Courier
import Foundation

/// A ware that records each call's endpoint and group membership, and counts the calls in flight,
/// so a test sees what wares see of batches and chains and that no call outlives its group.
final class GroupProbe: Ware, @unchecked Sendable {
    struct Seen: Sendable {
        let endpoint: String
        let group: CallGroupMembership?
        let loggedGroup: String?
    }

    private let lock = NSLock()
    private var seen: [Seen] = []
    private var active = 0
    private var peak = 0

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        let logged = context.logger[metadataKey: "courier.group"].map { "\($0)" }
        update {
            seen.append(Seen(endpoint: context.endpoint, group: context.group, loggedGroup: logged))
            active += 1
            peak = max(peak, active)
        }
        defer { update { active -= 1 } }
        return try await next(request, context)
    }

    var calls: [Seen] { update { seen } }
    /// Calls that have started and not yet ended.
    var inFlight: Int { update { active } }
    /// The most calls in flight at once.
    var mostInFlight: Int { update { peak } }

    func membership(of endpoint: String) -> CallGroupMembership? {
        calls.first { $0.endpoint == endpoint }?.group
    }

    private func update<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Blocks a server handler's thread until `condition` holds (at most 30 s), so a route can
/// answer only once other requests have arrived.
func block(until condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(30)
    while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
}
