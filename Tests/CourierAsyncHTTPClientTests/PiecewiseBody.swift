// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import CourierTestServer
import Foundation

/// A `200` with `bytes` as its body, written in `pieces` of the given sizes (the rest after them),
/// with `pause` after every other piece: the client's reads then come in every size.
func piecewiseBody(_ bytes: Data, pieces: [Int], pause: Duration) -> TestServer.Response {
    var steps: [TestServer.Response.Step] = [
        .text("HTTP/1.1 200 OK\r\nContent-Length: \(bytes.count)\r\nContent-Type: application/octet-stream\r\n\r\n")
    ]
    var offset = 0
    for (index, piece) in pieces.enumerated() {
        let end = min(offset + piece, bytes.count)
        steps.append(.send(Array(bytes[offset..<end])))
        if index.isMultiple(of: 2) { steps.append(.pause(pause)) }
        offset = end
    }
    steps.append(.send(Array(bytes[offset...])))
    return .raw(steps)
}
#endif
