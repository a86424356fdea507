// Where URLSession on Apple platforms (Foundation) and on Linux (swift-corelibs-foundation's
// FoundationNetworking) behave differently. The Apple branches are never compiled on the Linux
// machines Courier is developed on; they follow Apple's documentation:
// - URLAuthenticationChallenge.protectionSpace.authenticationMethod and
//   NSURLAuthenticationMethodServerTrust (developer.apple.com/documentation/foundation/nsurlauthenticationmethodservertrust;
//   "Performing manual server trust authentication": answer .performDefaultHandling to keep
//   the system's TLS evaluation).
// - URLSessionTask.suspend() / resume() (developer.apple.com/documentation/foundation/urlsessiontask/suspend()):
//   a suspended task keeps its connection and sends no further bytes until resumed.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SessionDelegate {
    /// Whether `challenge` is the server-trust (TLS certificate) challenge, which Apple's
    /// URLSession raises on every HTTPS connection and which keeps the system's evaluation.
    /// swift-corelibs-foundation never raises it (and marks the constant unavailable).
    static func isServerTrust(_ challenge: URLAuthenticationChallenge) -> Bool {
        #if canImport(FoundationNetworking)
        false
        #else
        challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust
        #endif
    }
}

extension SessionCall {
    /// Whether a streamed body's reader falling behind suspends the task. swift-corelibs-foundation
    /// (Linux) suspends a running task by taking its handle off libcurl's multi handle, which drops
    /// the connection, and resumes it by sending the request again: the server sees a second
    /// request and a second response head arrives mid-body (measured with `transport-probe bulk`).
    /// There the body is fed without pausing, so memory grows by however far the reader falls
    /// behind the network.
    #if canImport(FoundationNetworking)
    static let canSuspend = false
    #else
    static let canSuspend = true
    #endif
}
