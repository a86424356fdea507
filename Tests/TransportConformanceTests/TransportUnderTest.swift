import Courier
#if AsyncHTTPClient
import CourierAsyncHTTPClient
#endif
import CourierTestServer
import Foundation
import Testing

/// The transports the conformance suite runs against (AsyncHTTPClient's with the package's
/// AsyncHTTPClient trait, as the README's test command builds it).
enum TransportUnderTest: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession
    #if AsyncHTTPClient
    case asyncHTTPClient
    #endif

    var testDescription: String { rawValue }

    /// The transports that survive a server sending a status line and closing the connection.
    /// swift-corelibs-foundation 6.3.1 ends the process then (`Fatal error: Transfer completed,
    /// but there's no response`), so URLSession is left out on Linux.
    static var survivingClosedMidHeaders: [TransportUnderTest] {
        allCases.filter { $0 != .urlSession || !FoundationPlatform.isCorelibs }
    }

    /// The transports that survive an upload larger than 1 MiB losing its connection mid-body
    /// (the server hanging up or refusing it, the call cancelled or timed out).
    /// swift-corelibs-foundation 6.3.1 sends such a body from a file, whose reader pauses libcurl
    /// and resumes it with a `try!` that ends the process when the connection is gone
    /// (`SessionCall.memoryUploadLimit`), so URLSession is left out on Linux. Smaller bodies go
    /// from memory there, and every transport is tested with them.
    static var survivingLargeUploadsCutShort: [TransportUnderTest] {
        allCases.filter { $0 != .urlSession || !FoundationPlatform.isCorelibs }
    }

    /// The transports that keep memory near the size limit against a body sent at loopback
    /// speed. swift-corelibs-foundation hands the body to the delegate through an operation
    /// queue with no back-pressure, so on Linux URLSession falls behind such a flood: its memory
    /// grows far past the limit, and the process can stall until the server stops (measured: up
    /// to 24 GB and minutes; at network speeds the limit holds, see `endlessBody`). Cancelling the
    /// task off the delegate's queue (`SessionCall.end`) stops a flood within a second in a quiet
    /// process, but not while a full test run keeps every thread busy (13 GB, stopped by hand).
    static var boundingMemoryUnderFlood: [TransportUnderTest] {
        allCases.filter { $0 != .urlSession || !FoundationPlatform.isCorelibs }
    }

    /// Whether the transport uploads a caller's file from a copy made before sending (URLSession
    /// on Linux: swift-corelibs-foundation reads an upload file to its end, so a file growing
    /// under it would send more than its declared length). A file changed while such an upload
    /// goes out does not change what is sent.
    var snapshotsFiles: Bool {
        self == .urlSession && FoundationPlatform.isCorelibs
    }

    /// A fresh transport; AsyncHTTPClient's allows `decompressionRatio`.
    func make(decompressionRatio: Int = 100) -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        #if AsyncHTTPClient
        case .asyncHTTPClient:
            AsyncHTTPClientTransport(configuration: .init(maximumDecompressionRatio: decompressionRatio))
        #endif
        }
    }

    /// Releases what a transport made by `make` holds (AsyncHTTPClient's event loops).
    static func shutDown(_ made: any Transport) async throws {
        #if AsyncHTTPClient
        try await (made as? AsyncHTTPClientTransport)?.shutdown()
        #endif
    }
}

/// How long the hostile cases' requests may take.
let shortTimeout: Duration = .seconds(1)

/// How far past its timeout a call may end in a test. The figure measured on a quiet machine is
/// within a few milliseconds (see `transport-probe`); this slack keeps the suite reliable on a
/// loaded two-core machine while still failing a call that waits for the server to give up.
// Raised from 8 s after fresh-clone CI runs of 900 tests saw every bound overshoot by ~3 s at once
// (the start-of-run stall, see the session note); a hang still fails.
let timeoutSlack: Duration = .seconds(20)

/// Runs `body` against a fresh loopback server configured by `routes`, with a client on
/// `transport`; shuts down the server and the transport afterwards, whatever happens.
func withServer(
    _ transport: TransportUnderTest,
    decompressionRatio: Int = 100,
    routes: (TestServer) -> Void,
    service configure: (inout ServiceConfiguration) -> Void = { _ in },
    wares: [any Ware] = [],
    _ body: (TestServer, Client) async throws -> Void
) async throws {
    await PoolLatency.settle()  // calls here are timed against their deadlines: not while the run's start holds the pool
    let server = try TestServer()
    routes(server)
    server.start()
    defer { server.stop() }
    var service = ServiceConfiguration(name: "hostile", baseURL: server.baseURL, timeout: .seconds(30))
    configure(&service)
    let made = transport.make(decompressionRatio: decompressionRatio)
    let client = try Client(service: service, transport: made, wares: wares)
    do {
        try await body(server, client)
    } catch {
        try? await TransportUnderTest.shutDown(made)
        throw error
    }
    try await TransportUnderTest.shutDown(made)
}

/// Sends `request` and returns the error it ended with and how long it took.
func failure<Expected>(of request: Request<Expected>, on client: Client) async -> (error: (any Error)?, elapsed: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    do {
        _ = try await client.send(request)
        return (nil, clock.now - start)
    } catch {
        return (error, clock.now - start)
    }
}

/// The transport failure inside `error`, or `nil` (and a recorded issue) when it is not one.
func transportFailure(_ error: (any Error)?, sourceLocation: SourceLocation = #_sourceLocation) -> TransportFailure? {
    guard let error = error as? CourierError, case .transport(let failure) = error.reason else {
        Issue.record("expected a transport failure, got \(String(describing: error))", sourceLocation: sourceLocation)
        return nil
    }
    return failure
}

/// Expects `elapsed` to be at the timeout: not before it, and not much after.
func expectEndsAtTimeout(_ elapsed: Duration, _ timeout: Duration = shortTimeout, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(elapsed >= timeout - .milliseconds(20), "ended before its timeout", sourceLocation: sourceLocation)
    #expect(elapsed < timeout + timeoutSlack, "ended \(elapsed - timeout) after its timeout", sourceLocation: sourceLocation)
}
