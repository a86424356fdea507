@testable import Courier
import Foundation
import HTTPTypes
import InMemoryLogging
import Logging
import PropertyChecking
import Testing

/// Where a property run puts the call's credential, besides the header the auth scheme sends.
enum SecretPlacement: CaseIterable, Sendable {
    case query, path, header, jsonBody, formBody
}

/// A token-like secret: letters, digits and the punctuation of base64 and JWTs.
private let secretAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~+/=")

/// The spellings of `secret` that would be a leak: as it is, and percent-encoded as Courier
/// encodes URLs and forms (every byte but the unreserved ones).
private func spellings(of secret: String) -> [String] {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return [secret, secret.addingPercentEncoding(withAllowedCharacters: unreserved) ?? secret]
}

/// Where a call's text is read for leaks.
enum LeakPlace: String, CaseIterable, Sendable {
    /// Every log line and its metadata (the cURL line among them).
    case log
    /// Every rendering of the error the call threw.
    case error
}

/// Sends one call that carries `secret` as its credential and at `placement`, to a server that
/// fails with `500` and echoes the request target, its body and the secret in a header; returns
/// what leaked into `place`, or `nil`.
private func leak(of secret: String, at placement: SecretPlacement, into place: LeakPlace) async throws -> String? {
    let transport = CapturingTransport { request in
        var body = "failed: \(request.http.path ?? "")"
        if let data = request.body?.data { body += " " + String(decoding: data, as: UTF8.self) }
        return RawResponse(
            http: HTTPResponse(status: .internalServerError, headerFields: [.contentType: "text/plain", HTTPField.Name("X-Echo")!: secret]),
            body: Data(body.utf8))
    }
    var service = ServiceConfiguration(name: "props", baseURL: URL(string: "https://api.example.com/v1")!, timeout: .seconds(5))
    service.authSchemes = [AuthScheme(name: "partner", kind: .apiKeyHeader("X-Partner"))]
    service.defaultAuthScheme = "partner"
    var handler = InMemoryLogHandler()
    handler.logLevel = .trace
    var logging = RequestLogging.Configuration()
    logging.includesCurl = true
    let client = try Client(
        service: service, transport: transport,
        wares: [Authenticator(store: MemoryCredentialStore(["partner": .apiKey(secret)])), RequestLogging(logging)],
        logger: Logger(label: "props") { [handler] _ in handler })

    var request = Request<String>(method: .post, path: "/items/{id}")
    request.setPathParameter("id", to: placement == .path ? secret : "7")
    switch placement {
    case .query: request.addQuery("note", secret)
    case .header: request.addHeader("X-Note", secret)
    case .jsonBody: request.body = .json(["note": secret, "other": "x"])
    case .formBody: request.body = .form([QueryItem(name: "note", value: .string(secret)), QueryItem(name: "other", value: .string("x"))])
    case .path: break
    }
    var thrown: (any Error)?
    do { _ = try await client.send(request) } catch { thrown = error }
    guard let thrown else { return "the call did not fail" }
    guard transport.requests.count == 1 else { return "\(transport.requests.count) requests sent" }
    let text = place == .log ? loggedText(handler) : renderings(of: thrown)
    for spelling in spellings(of: secret) where text.contains(spelling) {
        return "the \(place) shows \(spelling.debugDescription):\n\(text)"
    }
    return nil
}

@Suite("Properties: a call's credential never shows in a log line, cURL line or error, wherever it is placed")
struct RedactionProperties {
    @Test("a random secret in the query, the path, a header, a JSON or a form body, echoed by the server: never in the error", arguments: SecretPlacement.allCases)
    func secretNeverInErrors(_ placement: SecretPlacement) async throws {
        try await check(placement, .error)
    }

    /// A finding of this property (#28), fixed: the `🚀` start line and the cURL line were written
    /// before the auth ware applied the credential, so a credential the app also put in the query,
    /// path, a header or a body showed there in full. The ``Authenticator`` now registers the
    /// session's secrets when the client asks it for the call's principal, before any ware runs.
    @Test("the same secret never in a log or cURL line", arguments: SecretPlacement.allCases)
    func secretNeverInLogs(_ placement: SecretPlacement) async throws {
        try await check(placement, .log)
    }

    /// A finding of FuzzCredentialFile (#28), fixed: Foundation's search on Linux ignores NUL
    /// characters and returns ranges past the text's end, so scrubbing a secret holding NULs
    /// trapped. Secrets are now searched byte for byte (`ExactText`), whatever they hold.
    @Test("a registered secret of any characters (NULs, controls, combining marks, emoji), placed anywhere in any text, is scrubbed exactly")
    func secretOfAnyCharacters() {
        let request = PreparedRequest(http: HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/"), timeout: .seconds(5))
        Property.check(
            300,
            generate: { generator -> (secret: String, text: String, at: Int) in
                let secret = generator.string(from: awkwardCharacters, maximumLength: 12, minimumLength: 6)
                let text = generator.string(from: awkwardCharacters, maximumLength: 40)
                return (secret, text, Int.random(in: 0...text.count, using: &generator))
            }
        ) { value in
            let storage = CallStorage()
            storage.addSecrets([value.secret])
            let secrets = CallSecrets(request: request, storage: storage, redaction: .standard)
            let index = value.text.index(value.text.startIndex, offsetBy: value.at)
            let placed = String(value.text[..<index]) + value.secret + String(value.text[index...])
            let scrubbed = secrets.scrub(placed)
            if scrubbed.containsExactly(value.secret) { return "still in \(scrubbed.debugDescription)" }
            if !scrubbed.containsExactly(Redaction.placeholder) { return "not replaced in \(scrubbed.debugDescription)" }
            // Text holding none of the secret's spellings comes back as it was, even when it ends
            // with the secret less its NULs (what Foundation's search took for the secret).
            let visible = String(value.secret.filter { $0 != "\u{0}" })
            for text in [value.text, value.text + visible] where !secrets.values.contains(where: { text.containsExactly($0) }) {
                let result = secrets.scrub(text)
                if result != text { return "changed \(text.debugDescription) into \(result.debugDescription)" }
            }
            return nil
        }
    }

    private func check(_ placement: SecretPlacement, _ place: LeakPlace) async throws {
        try await Property.check(
            40,
            generate: { generator in generator.string(from: secretAlphabet, maximumLength: 32, minimumLength: 8) },
            shrink: { secret in Property.shrink(secret).filter { $0.count >= 8 } }
        ) { secret in
            try await leak(of: secret, at: placement, into: place)
        }
    }
}
