import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import InMemoryLogging
import Logging
import Testing

/// A partner key sent under names nobody listed as sensitive (`pk`, `X-Partner`): only learning
/// the auth scheme's names and scrubbing by value keep it out of text.
private let partnerKey = "sk_live_SECRETVALUE123"

/// An authenticator holding `partnerKey` for the `partner` scheme.
private func partnerAuthenticator() -> Authenticator {
    Authenticator(store: MemoryCredentialStore(["partner": .apiKey(partnerKey)]))
}

/// Declares `kind` as the service's only, default, scheme, named `partner`.
private func partnerScheme(_ kind: AuthScheme.Kind) -> (inout ServiceConfiguration) -> Void {
    { service in
        service.authSchemes = [AuthScheme(name: "partner", kind: kind)]
        service.defaultAuthScheme = "partner"
    }
}

/// A service's error envelope, as the generator writes `ServiceError`: its description is the status.
private struct EchoingServiceError: ServiceFailure, CustomStringConvertible {
    struct Body: Decodable, Sendable { var code: String; var message: String }
    var body: Body
    var response: RawResponse
    var description: String { "service error \(response.status.code) \(response.status.phrase)" }
}

/// Reads `EchoingServiceError`s from failed responses, as a generated `errorMapping` does.
private let echoingMapping = ErrorMapping { response, failed, decoder in
    guard failed, let body = try? decoder.decode(EchoingServiceError.Body.self, from: response.collectedBody()) else { return ErrorMapping.Outcome() }
    return ErrorMapping.Outcome(error: EchoingServiceError(body: body, response: response))
}

/// Registers `values` as the call's secrets, as a ware applying credentials of its own would.
private struct SecretRegistering: Ware {
    var values: [String]

    func intercept(
        _ request: PreparedRequest, context: CallContext, next: Next
    ) async throws -> RawResponse {
        context.registerSecrets(values)
        return try await next(request, context)
    }
}

@Suite("Secrets by name and by value: no error, log line or cURL line shows a call's credentials")
struct SecretRedactionTests {
    @Test("an API key in a query item named `pk` never shows in a 500's error, however the error is printed")
    func queryKeyInErrors() async throws {
        try await withLoopback(
            routes: { server in
                // Echoes the whole target, key and all, in the body and a header, as careless servers do.
                server.route(.get, "/report") { request in
                    var response = TestServer.Response.text("internal error while serving \(request.target)", status: 500)
                    response.headers.append(.init(name: "X-Failed-Request", value: request.target))
                    return response
                }
            },
            service: partnerScheme(.apiKeyQuery("pk")), wares: [partnerAuthenticator()]
        ) { server, client in
            let thrown = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/report", name: "report")) }
            let error = try #require(thrown as? CourierError)
            // The key went out, and came back in the body and a header: what follows is not vacuous.
            #expect(server.requests.first?.queryValues("pk") == [partnerKey])
            #expect(error.status?.code == 500)
            let echoField = try #require(HTTPField.Name("X-Failed-Request"))
            #expect(error.response?.http.headerFields[echoField]?.contains(partnerKey) == true)
            let text = renderings(of: error)
            #expect(!text.contains(partnerKey), "the key leaked:\n\(text)")
            #expect(error.call?.url.hasSuffix("/report?pk=<redacted>") == true, "the learned name is redacted in the URL")
            #expect(error.description.contains("internal error while serving /report?pk=<redacted>"), "the echo is kept, scrubbed")
        }
    }

    @Test("an API key in a header named `X-Partner`, echoed by a 400 inside JSON strings, shows in no error and no trace log")
    func headerKeyEchoedInJSON() async throws {
        let (logger, handler) = traceLogger()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/items") { request in
                    let key = request.header("X-Partner") ?? "none"
                    // A URL in a message, and a JSON document serialized into a string.
                    let nested = #"{\"sent\":{\"X-Partner\":\"\#(key)\"}}"#
                    return .json(#"{"detail":"bad request for https://x/?token=\#(key)","context":"\#(nested)"}"#, status: 400)
                }
            },
            service: partnerScheme(.apiKeyHeader("X-Partner")), wares: [verboseLogging(), partnerAuthenticator()], logger: logger
        ) { server, client in
            let thrown = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/items", name: "items")) }
            let error = try #require(thrown as? CourierError)
            #expect(server.requests.first?.header("X-Partner") == partnerKey)
            #expect(error.status?.code == 400)
            let errorText = renderings(of: error)
            #expect(!errorText.contains(partnerKey), "the key leaked from the error:\n\(errorText)")
            #expect(errorText.contains("token=<redacted>"))

            let logged = loggedText(handler)
            #expect(!logged.contains(partnerKey), "the key leaked into the log:\n\(logged)")
            // The lines that would carry it were written: the 🔥 line with the body, and the
            // response body at trace, both scrubbed.
            let failure = try #require(handler.entries.first { $0.message.description.hasPrefix("🔥") })
            #expect(failure.message.description.contains("token=<redacted>"))
            let response = try #require(handler.entries.first { $0.message.description.hasPrefix("🔥 response of items") })
            #expect(response.metadata["courier.body"]?.description.contains(#"X-Partner\":\"<redacted>"#) == true)
        }
    }

    @Test("a key cut in two by a body excerpt's length limit shows none of its start, in the error or the log")
    func keyCutByExcerptLimit() async throws {
        let (logger, handler) = traceLogger()
        var logging = RequestLogging.Configuration()
        logging.bodyLimit = 1024  // the error excerpt's limit too
        // The first 14 characters of the key fit before the cut at 1024 bytes.
        let padding = String(repeating: "x", count: 1024 - 14)
        let tail = " and more text after the key"
        try await withLoopback(
            routes: { server in
                server.route(.get, "/long") { request in .text(padding + (request.header("X-Partner") ?? "") + tail, status: 400) }
            },
            service: partnerScheme(.apiKeyHeader("X-Partner")), wares: [RequestLogging(logging), partnerAuthenticator()], logger: logger
        ) { _, client in
            let error = try #require(await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/long", name: "long")) } as? CourierError)
            let text = renderings(of: error) + "\n" + loggedText(handler)
            // Ten characters are more than enough to narrow a key down, and nothing else here starts so.
            #expect(!text.contains(partnerKey.prefix(10)), "the start of the key leaked:\n\(text)")
            let size = padding.utf8.count + partnerKey.utf8.count + tail.utf8.count
            #expect(error.message.hasSuffix("x<redacted>… (\(size) bytes)"), "the cut is still marked")
            let bodies = handler.entries.compactMap { $0.metadata["courier.body"]?.description }
            #expect(bodies.contains { $0.hasSuffix("x<redacted>… (\(size) bytes)") }, "the trace body was cut there too")
        }
    }

    /// How the refresh request carries the refresh token.
    enum RefreshBody: String, CaseIterable, Sendable {
        case json, form
    }

    private struct Tokens: Codable, Sendable {
        var accessToken: String
        var refreshToken: String
    }

    @Test("a bearer refresh under camelCase names shows neither the refresh token nor the new tokens in any log or cURL line",
          arguments: RefreshBody.allCases)
    func refreshUnderCamelCaseNames(_ body: RefreshBody) async throws {
        let (oldAccess, oldRefresh) = ("at_OLD_0123456789", "rt_ORIGINAL_0123456789")
        let (newAccess, newRefresh) = ("at_NEW_9876543210", "rt_NEXT_9876543210")
        let scheme = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
            request: { refreshToken in
                var request = Request<Tokens>(method: .post, path: "/refresh", name: "refresh")
                switch body {
                case .json:
                    // Spelled out, so that the field is camelCase on the wire whatever the coding.
                    request.body = .data(Data(#"{"client":"app","refreshToken":"\#(refreshToken)"}"#.utf8), contentType: "application/json")
                case .form:
                    var fields = FormFields()
                    fields.add("client", "app")
                    fields.add("refreshToken", refreshToken)
                    request.body = .form(fields.items)
                }
                request.authentication = .none
                return request
            },
            read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken, expiresIn: .seconds(3600)) }))
        let (logger, handler) = traceLogger()
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer(oldAccess, refreshToken: oldRefresh)]))
        try await withLoopback(
            routes: { server in
                server.route(.get, "/data") { request in
                    let sent = request.header("Authorization") ?? ""
                    // Echoes the credential it accepted under a name nobody marked.
                    return sent == "Bearer \(newAccess)" ? .json(#"{"seen":"\#(sent)"}"#) : .json(#"{"error":"expired"}"#, status: 401)
                }
                server.route(.post, "/refresh") { request in
                    guard request.bodyText.contains(oldRefresh) else { return .json(#"{"error":"bad refresh token"}"#, status: 400) }
                    return .json(#"{"accessToken":"\#(newAccess)","expiresIn":3600,"refreshToken":"\#(newRefresh)"}"#)
                }
            },
            service: { $0.authSchemes = [scheme]; $0.defaultAuthScheme = "session" },
            wares: [verboseLogging(), auth], logger: logger
        ) { server, client in
            let answer = try await client.send(Request<[String: String]>(method: .get, path: "/data", name: "data"))
            // The call was refreshed and replayed: every secret below went over the wire.
            #expect(answer == ["seen": "Bearer \(newAccess)"])
            #expect(server.requests.map(\.path) == ["/data", "/refresh", "/data"])

            let logged = loggedText(handler)
            for secret in [oldAccess, oldRefresh, newAccess, newRefresh] {
                #expect(!logged.contains(secret), "\(secret) leaked into the log:\n\(logged)")
            }
            // The refresh was logged, cURL line and bodies included, with its fields redacted.
            let curls = handler.entries.compactMap { $0.metadata["courier.curl"]?.description }
            let refreshCurl = try #require(curls.first { $0.contains("/refresh") })
            #expect(refreshCurl.contains(body == .json ? #""refreshToken":"<redacted>""# : "refreshToken=<redacted>"))
            let bodies = handler.entries.compactMap { $0.metadata["courier.body"]?.description }
            #expect(bodies.contains { $0.contains(#""accessToken":"<redacted>""#) && $0.contains(#""refreshToken":"<redacted>""#) })
            #expect(bodies.contains(#"{"seen":"Bearer <redacted>"}"#), "the echoed access token is scrubbed by value")
        }
    }

    @Test("a cookie and a bearer token the app sets itself, echoed by a 404, show in no error and no log")
    func appSetCredentials() async throws {
        let (logger, handler) = traceLogger()
        let (cookie, token) = ("abcdEFGH1234", "tok_ABCDEFGH")
        try await withLoopback(
            routes: { server in
                server.route(.get, "/profile") { request in
                    .text("no profile for cookie \(request.header("Cookie") ?? "") and \(request.header("Authorization") ?? "")", status: 404)
                }
            },
            wares: [verboseLogging()], logger: logger
        ) { server, client in
            var request = Request<String>(method: .get, path: "/profile", name: "profile")
            request.addHeader("Cookie", "session=\(cookie)")
            request.addHeader("Authorization", "Bearer \(token)")
            let error = try #require(await thrownError { _ = try await client.send(request) } as? CourierError)
            #expect(server.requests.first?.header("Cookie") == "session=\(cookie)")
            #expect(error.status?.code == 404)
            let text = renderings(of: error) + "\n" + loggedText(handler)
            for secret in [cookie, token] {
                #expect(!text.contains(secret), "\(secret) leaked:\n\(text)")
            }
            #expect(error.message.contains("no profile for cookie <redacted> and <redacted>"), "the echo is kept, scrubbed")
        }
    }

    @Test("the backend's envelope echoing the partner key: the CourierError carrying it, and the log, show no key")
    func serviceEnvelopeEchoingTheKey() async throws {
        let (logger, handler) = traceLogger()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/items") { request in
                    .json(#"{"code":"BAD_KEY","message":"key \#(request.header("X-Partner") ?? "none") is suspended"}"#, status: 403)
                }
            },
            service: { service in
                partnerScheme(.apiKeyHeader("X-Partner"))(&service)
                service.errorMapping = echoingMapping
            },
            wares: [verboseLogging(), partnerAuthenticator()], logger: logger
        ) { server, client in
            let error = try #require(await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/items", name: "items")) } as? CourierError)
            #expect(server.requests.first?.header("X-Partner") == partnerKey)
            #expect(error.kind == .serviceError)
            let envelope = try #require(error.serviceError(as: EchoingServiceError.self))
            #expect(envelope.body.message.contains(partnerKey), "the typed body is the server's, as it came")
            let text = renderings(of: error) + "\n" + loggedText(handler)
            #expect(!text.contains(partnerKey), "the key leaked:\n\(text)")
            #expect(error.message == #"service error 403 Forbidden: {"code":"BAD_KEY","message":"key <redacted> is suspended"}"#)
            let failure = try #require(handler.entries.first { $0.message.description.hasPrefix("🔥") })
            #expect(failure.message.description.contains("serviceError: service error 403 Forbidden"), "\(failure.message)")
            #expect(failure.message.description.contains("key <redacted> is suspended"), "\(failure.message)")
        }
    }

    @Test("a body that fails to inflate, and a refused connection, leave no key and no failing URL in the URLSession error")
    func urlSessionErrorsKeepNoURL() async throws {
        try await withLoopback(
            routes: { server in
                server.route(.get, "/zipped") { _ in
                    TestServer.Response(
                        status: 200, headers: [.init(name: "Content-Encoding", value: "gzip"), .init(name: "Content-Type", value: "application/json")],
                        body: Data("this is not gzip at all, not even close".utf8))
                }
            },
            service: partnerScheme(.apiKeyQuery("pk")), wares: [partnerAuthenticator()]
        ) { server, client in
            let error = try #require(await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/zipped")) } as? CourierError)
            #expect(server.requests.first?.queryValues("pk") == [partnerKey])
            expectNoURLInside(error)
        }

        let closed = try ClosedPort()  // refuses, and no other test's server can take it meanwhile
        defer { withExtendedLifetime(closed) {} }  // held until the test ends
        var service = ServiceConfiguration(name: "refused", baseURL: closed.baseURL, timeout: .seconds(60))
        partnerScheme(.apiKeyQuery("pk"))(&service)
        let client = try Client(service: service, transport: URLSessionTransport(), wares: [partnerAuthenticator()])
        let error = try #require(await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/any")) } as? CourierError)
        #expect(error.kind == .transport)
        expectNoURLInside(error)
    }

    /// `error`, printed every way, names neither the key nor the URL it was sent to.
    private func expectNoURLInside(_ error: CourierError, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = renderings(of: error)
        #expect(!text.contains(partnerKey), "the key leaked:\n\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("NSErrorFailingURL"), "a failing URL is kept:\n\(text)", sourceLocation: sourceLocation)
        // The only URL is the call's, with the key redacted.
        #expect(text.components(separatedBy: "pk=").dropFirst().allSatisfy { $0.hasPrefix("<redacted>") }, "\(text)", sourceLocation: sourceLocation)
    }

    @Test("values under four characters are left to name-based redaction; a long one is scrubbed even inside a longer word")
    func shortAndEmbeddedValues() async throws {
        try await withLoopback(
            routes: { server in
                server.route(.get, "/note") { _ in .text("abc and ada wrote xxpw_LONGSECRET99yy", status: 404) }
            },
            wares: [SecretRegistering(values: ["ada", "pw_LONGSECRET99"])]
        ) { _, client in
            var request = Request<String>(method: .get, path: "/note", name: "note")
            request.addQuery("token", "abc")
            let error = try #require(await thrownError { _ = try await client.send(request) } as? CourierError)
            // `abc` (a short sensitive query value) and `ada` (a short registered value) would
            // make every message unreadable if scrubbed wherever they appear: only their names
            // hide them, where there is a name. The long value goes even from inside a word.
            #expect(error.message == "status 404 Not Found: abc and ada wrote xx<redacted>yy")
            #expect(error.call?.url.hasSuffix("/note?token=<redacted>") == true, "the name still redacts the short value")
            #expect(!renderings(of: error).contains("LONGSECRET"))
        }
    }
}
