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
        if name == "asyncHTTPClient" { return AsyncHTTPClientTransport() }
        #endif
        return URLSessionTransport()
    }

    /// Releases what `transport` holds (AsyncHTTPClient's event loops); nothing for the others.
    static func shutDown(_ transport: any Transport) async {
        #if AsyncHTTPClient
        try? await (transport as? AsyncHTTPClientTransport)?.shutdown()
        #endif
    }
}
