import HTTPTypes

/// Which call a ``CourierError`` belongs to: enough to find it in logs, with nothing secret.
public struct CallIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's name (the spec's endpoint name, or `METHOD /path` for unnamed requests).
    public var endpoint: String
    /// The HTTP method.
    public var method: HTTPRequest.Method
    /// The URL as sent, with values of sensitive query items replaced by `<redacted>`.
    public var url: String
    /// Which attempt failed: 1 for the first, higher when a ware replayed the request.
    public var attempt: Int
    /// The call's ID, as in the log metadata (`courier.call`).
    public var callID: CallID

    /// Creates a call identity.
    public init(endpoint: String, method: HTTPRequest.Method, url: String, attempt: Int, callID: CallID) {
        self.endpoint = endpoint
        self.method = method
        self.url = url
        self.attempt = attempt
        self.callID = callID
    }

    /// `getPet GET http://127.0.0.1:8080/pets/7 (call 12, attempt 2)`.
    public var description: String {
        "\(endpoint) \(method.rawValue) \(url) (call \(callID)\(attempt > 1 ? ", attempt \(attempt)" : ""))"
    }
}
