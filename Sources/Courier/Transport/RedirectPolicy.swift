import Foundation
import HTTPTypes

/// Whether and how far a transport follows redirects (`301`, `302`, `303`, `307`, `308`), and
/// whether to another origin.
///
/// Followed redirects never carry credentials to another origin: when the scheme, host or port
/// changes, `Authorization`, `Proxy-Authorization`, `Cookie` and every field in
/// ``PreparedRequest/credentialFields`` are dropped. A `307` or `308` keeps the method and the
/// body, so a body that carries secrets (a JSON, form or multipart field the service's
/// ``Redaction`` calls sensitive, such as a login's `password`, or a value a ware registered with
/// ``CallContext/registerSecrets(_:)``) is not sent to another origin either: that redirect fails
/// the call with ``TransportFailure/badRedirect(message:)``. A body sent from a file or a stream
/// is not searched.
///
/// Under ``sameOrigin`` (or any policy whose ``crossesOrigins`` is `false`), only redirects within
/// the origin are followed, and one to another origin is the answer, as under ``refuse``: a token
/// refresh goes this way.
///
/// A redirect that is not followed (under ``refuse``, or a `3xx` without a `Location`) is an
/// answer like any other, checked against the request's ``Request/acceptableStatus``: with the
/// default (`200...299`) the call fails with a ``CourierError`` of kind ``CourierError/Kind/status``
/// carrying the `3xx` (``CourierError/response``, its `Location` included); to receive the
/// `3xx` as the response itself, add its status to the acceptable ones.
///
/// ```swift
/// var request = Petstore.downloadReport(id: 7)
/// request.redirects = .refuse                                   // don't follow the 302…
/// request.acceptableStatus = StatusAcceptance(200...299, extra: [302])  // …hand it to me
/// service.redirects = .follow(upTo: 3)                          // the service's default
/// login.redirects = .sameOrigin                                 // never leave the origin
/// ```
public struct RedirectPolicy: Sendable, Hashable {
    /// The most redirects one call follows. `0` follows none (``refuse``: the `3xx` is the
    /// answer); above `0`, one redirect more fails the call with
    /// ``TransportFailure/tooManyRedirects(_:)``.
    public var maximum: Int
    /// Whether a redirect to another origin (another scheme, host or port) is followed; when
    /// `false`, such a redirect is not followed and the `3xx` is the answer (see ``refuse``),
    /// while redirects within the origin still are.
    public var crossesOrigins: Bool

    /// A policy following up to `maximum` redirects, to other origins too unless
    /// `crossesOrigins` is `false`.
    public init(maximum: Int, crossesOrigins: Bool = true) {
        self.maximum = max(0, maximum)
        self.crossesOrigins = crossesOrigins
    }

    /// Follows up to 10 redirects, as browsers roughly do.
    public static let follow = RedirectPolicy(maximum: 10)

    /// Follows none: a `3xx` is a status error carrying it (kind ``CourierError/Kind/status``),
    /// or the response itself when the request's ``Request/acceptableStatus`` accepts it.
    public static let refuse = RedirectPolicy(maximum: 0)

    /// Follows up to `maximum` redirects.
    public static func follow(upTo maximum: Int) -> RedirectPolicy {
        RedirectPolicy(maximum: maximum)
    }

    /// Follows up to 10 redirects within the request's origin; one to another origin is the
    /// answer, as under ``refuse``. For requests whose every part must stay where it was sent.
    public static let sameOrigin = RedirectPolicy(maximum: 10, crossesOrigins: false)

    /// Follows up to `maximum` redirects within the request's origin.
    public static func sameOrigin(upTo maximum: Int) -> RedirectPolicy {
        RedirectPolicy(maximum: maximum, crossesOrigins: false)
    }

    /// This policy, following redirects within the origin only.
    public var withinOrigin: RedirectPolicy {
        RedirectPolicy(maximum: maximum, crossesOrigins: false)
    }

    /// Whether redirects are followed at all.
    public var follows: Bool { maximum > 0 }
}

/// The rules every transport applies when it follows a redirect, so that all of them drop the
/// same credentials and change methods the same way.
package enum RedirectRules {
    /// Fields that carry credentials whoever set them.
    package static let credentialFields: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie]

    /// Whether `status` asks the client to go elsewhere.
    package static func isRedirect(_ status: Int) -> Bool {
        status == 301 || status == 302 || status == 303 || status == 307 || status == 308
    }

    /// Whether `a` and `b` have the same origin: scheme, host and port (default ports filled in).
    package static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(), schemeA == schemeB else {
            return false
        }
        return a.host?.lowercased() == b.host?.lowercased() && port(of: a, scheme: schemeA) == port(of: b, scheme: schemeB)
    }

    private static func port(of url: URL, scheme: String) -> Int? {
        url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }

    /// The names of the fields to drop when leaving the origin: the standard credential fields
    /// and those the request marks.
    package static func fieldsToDrop(_ request: PreparedRequest) -> [HTTPField.Name] {
        credentialFields + request.credentialFields
    }

    /// Whether a redirected request keeps its method and body, as the Fetch standard says: a
    /// `303` turns everything but `GET` and `HEAD` into a body-less `GET`, a `301` or `302` only
    /// a `POST`; `307` and `308` keep both.
    package static func keepsMethod(status: Int, method: HTTPRequest.Method) -> Bool {
        switch status {
        case 303: method == .get || method == .head
        case 301, 302: method != .post
        default: true
        }
    }

    /// The request to send after `response` redirected `request` to `location` (counted as
    /// redirect number `count`): resolved against the request's URL, with the method and body
    /// changed as browsers do and credentials dropped when the origin changes.
    ///
    /// - Throws: ``TransportFailure/tooManyRedirects(_:)`` past the policy's maximum, and
    ///   ``TransportFailure/badRedirect(message:)`` for a `Location` that is not an http(s) URL.
    package static func following(
        _ request: PreparedRequest, status: Int, location: String, count: Int
    ) throws(CourierError) -> PreparedRequest {
        guard count <= request.redirects.maximum else { throw CourierError.transport(.tooManyRedirects(count)) }
        guard let source = request.url, let target = URL(string: location, relativeTo: source)?.absoluteURL,
              let components = URLComponents(url: target, resolvingAgainstBaseURL: true),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.percentEncodedHost, !host.isEmpty
        else { throw CourierError.transport(.badRedirect(message: "the Location is not an http or https URL")) }
        var next = request
        let authority = components.port.map { "\(host):\($0)" } ?? host
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        next.http.scheme = scheme
        next.http.authority = authority
        next.http.path = path
        if !keepsMethod(status: status, method: request.http.method) {
            next.http.method = .get
            next.body = nil
            next.http.headerFields[.contentType] = nil
            next.http.headerFields[.contentLength] = nil
        }
        if !sameOrigin(source, target) {
            for name in fieldsToDrop(request) { next.http.headerFields[name] = nil }
        }
        return next
    }

    /// Sends `request` with `hop` and follows the redirects it answers with, as its policy
    /// allows; returns the first response that is not a redirect to follow.
    package static func send(
        _ request: PreparedRequest, hop: (PreparedRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        try await send(request, answered: hop(request), hop: hop)
    }

    /// Whether `response`, the answer to `request`, is a redirect its policy follows: a
    /// transport that sent the first hop itself hands it to ``send(_:answered:hop:)`` only then.
    package static func follows(_ response: RawResponse, of request: PreparedRequest) -> Bool {
        isRedirect(response.status.code) && request.redirects.follows && response.http.headerFields[.location] != nil
    }

    /// Follows the redirects that `response`, the answer `request` already got, asks for, sending
    /// each hop with `hop`; returns the first response that is not a redirect to follow.
    ///
    /// Why apart from ``send(_:hop:)``: a transport sends the first hop directly, and only a
    /// redirect comes here, so most calls keep two async frames fewer (each a task allocation,
    /// paid anew by every call made from a fresh task: `transport-probe real-socket`).
    package static func send(
        _ request: PreparedRequest, answered response: RawResponse, hop: (PreparedRequest) async throws -> RawResponse
    ) async throws -> RawResponse {
        var current = request
        var response = response
        var count = 0
        var crossed = false
        while true {
            let status = response.status.code
            guard follows(response, of: current), let location = response.http.headerFields[.location] else {
                response.followedToAnotherOrigin = crossed
                return response
            }
            count += 1
            let next = try following(current, status: status, location: location, count: count)
            if let from = current.url, let to = next.url, !sameOrigin(from, to) {
                guard current.redirects.crossesOrigins else {
                    response.followedToAnotherOrigin = crossed
                    return response  // not followed: the 3xx is the answer
                }
                // Only the credential header fields are dropped there; a 307 or 308 keeps the body.
                if next.body != nil, current.bodyCarriesSecrets {
                    throw CourierError.transport(.badRedirect(
                        message: "\(status) asks to send the request body to another origin, and the body carries secrets "
                            + "(a field named like a credential, or a value registered as the call's secret); it is not sent there"))
                }
                crossed = true
            }
            if let body = next.body, !body.isReplayable {
                throw CourierError.transport(.badRedirect(
                    message: "\(status) asks to send the body again, but it is a one-shot stream that was already sent"))
            }
            current = next
            response = try await hop(current)
        }
    }
}
