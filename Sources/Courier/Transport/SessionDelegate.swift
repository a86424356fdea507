import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLSession` delegate of ``URLSessionTransport``: it answers authentication challenges
/// without credentials and remembers the challenging response.
///
/// Courier's auth belongs to wares, so a challenge is never answered with stored credentials.
/// The challenge is rejected, which on Apple platforms delivers the `401` as it is. On Linux,
/// `.performDefaultHandling` without a credential leaves a `401` carrying
/// `WWW-Authenticate: Basic` hanging forever, and rejecting it cancels the task; so the
/// challenge's `failureResponse` is kept, and the transport returns that response when the
/// task ends cancelled. Server-trust challenges (Apple platforms) get default handling.
final class SessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let challenged = Locked([Int: HTTPResponse]())

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
            let head = URLSessionTransport.httpResponse(from: response)
            challenged.withLock { $0[task.taskIdentifier] = head }
        }
        completionHandler(.rejectProtectionSpace, nil)
    }

    /// The response that challenged task `identifier`, if any; forgets it.
    func takeChallengedResponse(for identifier: Int?) -> HTTPResponse? {
        guard let identifier else { return nil }
        return challenged.withLock { $0.removeValue(forKey: identifier) }
    }

    private static func isServerTrust(_ challenge: URLAuthenticationChallenge) -> Bool {
        #if canImport(FoundationNetworking)
        false
        #else
        challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust
        #endif
    }
}
