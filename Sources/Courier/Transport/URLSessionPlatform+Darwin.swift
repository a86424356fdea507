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

extension SessionCall {
    /// Whether a caller's file is first copied, its first `length` bytes (the length the request
    /// declared), and uploaded from the copy. swift-corelibs-foundation (Linux) uploads a file by
    /// reading it to its end, whatever length was declared: a file that grows while it goes out (a
    /// log still being written) had the appended bytes sent after the `Content-Length` body, where
    /// a server reads them as the start of another request (measured: 3 MB beyond an 8 MB body;
    /// `GrowingFileConformanceTests`). A stream body instead would go out chunked, since corelibs
    /// gives libcurl no length for a stream. What Apple's URLSession does with a growing file is
    /// not verified here: no Apple toolchain exists on these machines.
    #if canImport(FoundationNetworking)
    static let snapshotsFileUploads = true
    #else
    static let snapshotsFileUploads = false
    #endif
}

extension SessionCall {
    /// The largest body, file or stream, that is gathered into memory and sent as bytes instead
    /// of from a file; `0` where none is (every such body goes out from its file).
    ///
    /// Why, on swift-corelibs-foundation (Linux): a body sent from a file is read by a source that
    /// pauses libcurl until its next read completes, then resumes it with a `try!`. When the
    /// connection ended meanwhile (the server hung up mid-body, or the call was cancelled or timed
    /// out), resuming fails and the whole process ends: `EasyHandle.swift:484: Fatal error: 'try!'
    /// expression unexpectedly raised an error: … libcurl.Easy Code=43` (measured with 16 MB
    /// uploads: 4 runs in 12 when the server hung up, 1 in 12 when cancelled;
    /// `UploadReleaseConformanceTests`). A body in memory is never paused. Bodies up to 1 MiB, most
    /// of what an API client uploads, cost that much memory each and are safe; larger ones still
    /// go out from a file, which is why servers on Linux should use `AsyncHTTPClientTransport`.
    #if canImport(FoundationNetworking)
    static let memoryUploadLimit = 1 << 20
    #else
    static let memoryUploadLimit = 0
    #endif
}
