import CourierTestServer
import Foundation

/// The hostile cases the probe measures, each a route on the probe's server.
enum Scenario: String, CaseIterable {
    case endlessBody = "endless-body"
    case slowDrip = "slow-drip"
    case slowHeaders = "slow-headers"
    case gzipBomb = "gzip-bomb"

    /// Whether the case should end at the timeout (rather than at the size limit).
    var endsAtTimeout: Bool { self == .slowDrip || self == .slowHeaders }

    var path: String { "/" + rawValue }

    /// Registers every scenario's route on `server`.
    static func install(on server: TestServer) {
        let chunk = Array(("400\r\n" + String(repeating: "x", count: 1024) + "\r\n").utf8)
        let chunkedHead = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
        server.route(.get, Scenario.endlessBody.path) { _ in .raw([.text(chunkedHead), .repeatForever(chunk, every: .zero)]) }
        server.route(.get, Scenario.slowDrip.path) { _ in .raw([.text(chunkedHead), .repeatForever(chunk, every: .milliseconds(50))]) }
        server.route(.get, Scenario.slowHeaders.path) { _ in
            .raw([.text("HTTP/1.1 200 OK\r\n"), .repeatForever(Array("X-Slow: 1\r\n".utf8), every: .milliseconds(50))])
        }
        server.route(.get, Scenario.gzipBomb.path) { _ in .gzipZeros(inflatedSize: 1 << 30) }
    }
}
