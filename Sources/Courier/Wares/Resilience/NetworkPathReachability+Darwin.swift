// Apple platforms only (the Network framework); never compiled on the Linux machines Courier is
// developed on. Follows Apple's documentation of NWPathMonitor
// (developer.apple.com/documentation/network/nwpathmonitor): init(), pathUpdateHandler
// ((NWPath) -> Void, called on the monitor's queue), start(queue:), cancel(), and
// NWPath.status == .satisfied (…/network/nwpath/status-swift.property).
#if canImport(Network)
import Foundation
import Network

/// Reachability from `NWPathMonitor`, on Apple platforms: ``ReachabilityStatus/unknown`` until
/// the monitor first reports, then online or offline as the path changes. The monitor runs from
/// creation until this value is gone.
public final class NetworkPathReachability: ReachabilitySource {
    private let current = Locked<ReachabilityStatus>(.unknown)
    private let monitor = Locked<NWPathMonitor?>(nil)

    /// Starts monitoring all interfaces on a queue of its own.
    public init() {
        let monitor = NWPathMonitor()
        let current = self.current
        monitor.pathUpdateHandler = { path in
            current.withLock { $0 = path.status == .satisfied ? .online : .offline }
        }
        monitor.start(queue: DispatchQueue(label: "courier.reachability"))
        self.monitor.withLock { $0 = monitor }
    }

    deinit {
        monitor.withLock { $0?.cancel() }
    }

    /// The latest status.
    public var status: ReachabilityStatus { current.withLock { $0 } }
}
#endif
