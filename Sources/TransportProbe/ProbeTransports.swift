import Courier
import Foundation
#if AsyncHTTPClient
import CourierAsyncHTTPClient
#endif

/// The transports the probe compares, by name. AsyncHTTPClient's is there when the package is
/// built with its trait: `swift run -c release --traits AsyncHTTPClient transport-probe`.
enum ProbeTransports {
    #if AsyncHTTPClient
    static let names = ["urlSession", "asyncHTTPClient"]
    #else
    static let names = ["urlSession"]
    #endif

    /// A fresh transport for `name` (URLSession's for a name it does not know).
    static func make(_ name: String) -> any Transport {
        #if AsyncHTTPClient
        if name == "asyncHTTPClient" || name == onLoop { return AsyncHTTPClientTransport() }
        #endif
        return URLSessionTransport()
    }

    /// Courier on AsyncHTTPClient with the caller reading on the transport's event loop
    /// (`AsyncHTTPClientTransport.eventLoopExecutor()`), for the bulk transfers.
    static let onLoop = "asyncHTTPClientOnLoop"

    /// Runs `body` on `transport`'s event loop when `name` is ``onLoop``, where it is, otherwise.
    static func reading<T: Sendable>(
        _ name: String, _ transport: any Transport, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        #if AsyncHTTPClient
        if name == onLoop, let transport = transport as? AsyncHTTPClientTransport {
            return try await withTaskExecutorPreference(transport.eventLoopExecutor(), operation: body)
        }
        #endif
        return try await body()
    }

    /// Releases what `transport` holds (AsyncHTTPClient's event loops); nothing for the others.
    static func shutDown(_ transport: any Transport) async {
        #if AsyncHTTPClient
        try? await (transport as? AsyncHTTPClientTransport)?.shutdown()
        #endif
    }
}
