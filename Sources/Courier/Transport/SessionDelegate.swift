import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLSession` delegate of ``URLSessionTransport``: it hands each task's events to its
/// ``SessionCall``, stops Foundation from following redirects (the transport follows them by
/// Courier's rules) and answers authentication challenges without credentials.
///
/// Tasks are made without completion handlers, because only then does swift-corelibs-foundation
/// ask the delegate about redirects (with a completion handler it follows them itself, copying
/// every header to whichever origin the server names) and let the body be counted as it arrives.
///
/// Courier's auth belongs to wares, so a challenge is never answered with stored credentials:
/// it is rejected, which on Apple platforms delivers the `401` as it is. On Linux,
/// `.performDefaultHandling` without a credential leaves a `401` carrying
/// `WWW-Authenticate: Basic` hanging forever, and rejecting it cancels the task; so the
/// challenge's `failureResponse` is kept for the call to return. Server-trust challenges (Apple
/// platforms) get default handling.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let calls = Locked([Int: SessionCall]())

    /// Routes the events of task `identifier` to `call` until the task completes.
    func register(_ call: SessionCall, for identifier: Int) {
        calls.withLock { $0[identifier] = call }
    }

    private func call(for task: URLSessionTask) -> SessionCall? {
        calls.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let call = call(for: dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        completionHandler(call.received(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        call(for: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        call(for: task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let call = calls.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        call?.completed(error: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let call = call(for: task) else { return completionHandler(nil) }
        call.redirect(reply: completionHandler)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if SessionDelegate.isServerTrust(challenge) {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        if let response = challenge.failureResponse as? HTTPURLResponse {
            call(for: task)?.challenged(by: URLSessionTransport.httpResponse(from: response))
        }
        completionHandler(.rejectProtectionSpace, nil)
    }

    // `isServerTrust(_:)`, which exists only on Apple platforms, is in URLSessionPlatform+Darwin.swift.
}
