/// Tells whether the device can reach the network, for ``OfflineAbort``.
///
/// Implement it over whatever your platform offers; on Apple platforms use
/// `NetworkPathReachability` (Darwin only), and in tests a value you control:
///
/// ```swift
/// struct Offline: ReachabilitySource { var status: ReachabilityStatus { .offline } }
/// ```
public protocol ReachabilitySource: Sendable {
    /// What is known now. Read on every request, so it must be cheap.
    var status: ReachabilityStatus { get }
}

/// What a ``ReachabilitySource`` knows.
public enum ReachabilityStatus: Sendable, Hashable {
    /// A network path is available.
    case online
    /// No network path: requests cannot succeed.
    case offline
    /// Not known (yet): requests go ahead.
    case unknown
}

/// Fails a request at once, without touching the network, when the device is known to be
/// offline: the error's kind is ``CourierError/Kind/offline``. Unknown reachability lets the
/// request go.
///
/// It sits just inside the cache, so a stored answer can still be served offline; ``Retry``
/// does not retry an offline failure.
///
/// ```swift
/// let client = try Client(service: service, wares: [Retry(), OfflineAbort(NetworkPathReachability())])
/// ```
public struct OfflineAbort: Ware {
    /// Where reachability is read.
    public let source: any ReachabilitySource

    /// A ware reading `source`.
    public init(_ source: any ReachabilitySource) {
        self.source = source
    }

    /// Just inside the cache slot.
    public var position: WarePosition { .after(.cache) }

    /// Throws an offline error when the source says offline; otherwise passes the request on.
    public func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        guard source.status == .offline else { return try await next(request, context) }
        throw CourierError.other(.offline, "the device is offline (\(type(of: source)) says so); nothing was sent")
    }
}

extension CourierError.Kind {
    /// The device is offline; nothing was sent.
    public static let offline = CourierError.Kind("offline")
}
