import Foundation

/// Serves one accepted connection: reads requests, asks the routes for answers and carries
/// them out, including the deliberate misbehaviours, until the peer or the server ends it.
struct Connection {
    let socket: Socket
    let stop: StopSignal
    let answer: @Sendable (TestServer.Request) -> TestServer.Response
    /// Told when the client closes a connection the server was stalling or writing a script to.
    var hungUp: @Sendable (TestServer.Request) -> Void = { _ in }
    /// Told of a request answered without a route (its body over the limit).
    var recordOnly: @Sendable (TestServer.Request) -> Void = { _ in }
    /// How many requests the connection serves; the last answer says `Connection: close`.
    var maxRequests = 10_000

    func serve() {
        defer { socket.close() }
        var reader = RequestReader(socket: socket, stop: stop)
        for served in 1...max(1, maxRequests) {
            let request: TestServer.Request
            switch reader.next() {
            case .request(let next): request = next
            case .tooLarge(let head):
                // Answered before the body is read, as a server with a body limit does; the body
                // the client is still sending is left unread and the connection closed.
                recordOnly(head)
                socket.write(TestServer.Response.text("request body over 16 MB", status: 413).serialized(keepAlive: false))
                return
            case .finished: return
            }
            let response = answer(request)
            if response.delay > .zero, !stop.sleep(response.delay) { return }
            switch response.action {
            case .respond:
                // The last request a connection serves says so (`Connection: close`), as nginx's
                // `keepalive_requests` does: closing after a keep-alive answer races the client's
                // next request on the connection, which then fails (`I/O on closed channel`).
                let keepAlive = request.header("Connection")?.lowercased() != "close" && served < maxRequests
                guard socket.write(response.serialized(keepAlive: keepAlive), isStopping: { stop.isRaised }), keepAlive else { return }
            case .truncate:
                socket.write(response.serialized(keepAlive: false))
                return
            case .close:
                return
            case .stall:
                if stall() { hungUp(request) }
                return
            case .script(let steps):
                if ScriptRunner(socket: socket, stop: stop).run(steps) { hungUp(request) }
                return
            }
        }
    }

    /// Holds the connection without answering until the peer closes it (`true`) or the server
    /// stops (`false`).
    private func stall() -> Bool {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while !stop.isRaised {
            guard stop.waitReadable(socket) else { continue }
            guard let count = socket.read(into: &scratch), count > 0 else { return true }
        }
        return false
    }
}
