import Foundation

/// How a ``MockServer`` listens and answers.
public struct MockOptions: Sendable {
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port; `0` picks a free one (``MockServer/port`` says which).
    public var port: Int
    /// How long to wait before answering each request.
    public var latency: Duration
    /// Whether created resources are visible to later requests of the same run (`--state`: `POST`
    /// to a collection stores, `GET` finds and lists, `PUT`/`PATCH` replace and merge, `DELETE`
    /// removes; the README's `courier-mock` section has the rules).
    public var keepsState: Bool
    /// Where the one line per request goes (method, path, status, endpoint, chosen sample,
    /// duration); `nil` logs nothing.
    public var log: (@Sendable (String) -> Void)?
    /// The largest request body accepted; a larger one is answered `413`.
    public var maximumBodySize: Int
    /// How many threads serve connections: one per core by default; a test serving a few
    /// requests needs one.
    public var threads: Int
    /// How far apart the elements of a stream sample (server-sent events, JSON Lines, a JSON text
    /// sequence) are written: the first at once, each next one this much later; zero writes them
    /// back to back (each still flushed on its own).
    public var streamInterval: Duration = .zero

    /// Options with loopback, port 4010, no latency, no state, no log, 64 MiB bodies and a
    /// thread per core as defaults.
    public init(
        host: String = "127.0.0.1", port: Int = 4010, latency: Duration = .zero, keepsState: Bool = false,
        log: (@Sendable (String) -> Void)? = nil, maximumBodySize: Int = 64 << 20,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.host = host
        self.port = port
        self.latency = latency
        self.keepsState = keepsState
        self.log = log
        self.maximumBodySize = maximumBodySize
        self.threads = max(1, threads)
    }
}

/// The request log's line: `GET /v1/pets/7 200 getPet samples/pet.json 0.4ms`.
enum RequestLogLine {
    static func format(method: String, target: String, status: Int, endpoint: String?, source: String, elapsed: Duration) -> String {
        // Tenths of a millisecond, without `String(format:)`, which costs more than the rest of the line.
        let tenths = elapsed.components.seconds * 10_000 + (elapsed.components.attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(method) \(target) \(status) \(endpoint ?? "-") \(source) \(tenths / 10).\(tenths % 10)ms"
    }
}
