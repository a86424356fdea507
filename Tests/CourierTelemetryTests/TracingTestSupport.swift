import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import InMemoryTracing
import Tracing

/// A loopback server behind a bearer token: `/data` answers 401 unless it carries `access-2`,
/// `/refresh` hands out `access-2` for `refresh-1`, or answers `refreshStatus` when one is given.
func bearerServer(refreshStatus: Int? = nil) throws -> TestServer {
    let server = try TestServer()
    server.route(.get, "/data") { request in
        request.header("Authorization") == "Bearer access-2" ? .json(#"{"ok":true}"#) : .json(#"{"error":"unauthorized"}"#, status: 401)
    }
    server.route(.post, "/refresh") { request in
        if let refreshStatus { return .json(#"{"error":"no"}"#, status: refreshStatus) }
        guard request.bodyText.contains("refresh-1") else { return .json(#"{"error":"bad refresh token"}"#, status: 401) }
        return .json(#"{"accessToken":"access-2","refreshToken":"refresh-2","expiresIn":3600}"#)
    }
    server.start()
    return server
}

/// The tokens `/refresh` answers with.
struct TestTokens: Codable, Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
}

/// A bearer scheme refreshed through `POST /refresh` (a side request named `refresh`).
let refreshingScheme = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
    request: { refreshToken in
        var request = Request<TestTokens>(method: .post, path: "/refresh", name: "refresh")
        var fields = FormFields()
        fields.add("refresh_token", refreshToken)
        request.body = .form(fields.items)
        request.authentication = .none
        return request
    },
    read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken, expiresIn: .seconds($0.expiresIn)) }
))

/// A client of `server` tracing into `tracer`, signed in with a stale access token and `refresh-1`.
func refreshingClient(_ server: TestServer, tracer: InMemoryTracer) throws -> Client {
    var service = ServiceConfiguration(name: "auth", baseURL: server.baseURL, timeout: .seconds(60))
    service.authSchemes = [refreshingScheme]
    service.defaultAuthScheme = refreshingScheme.name
    let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
    return try Client(service: service, wares: [TracingWare(tracer: tracer), authenticator])
}

/// Registers `values` as secrets of every call it sees, the way an auth ware registers what it applies.
struct RegistersSecrets: Ware {
    let values: [String]

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        context.registerSecrets(values)
        return try await next(request, context)
    }
}

/// Answers every call with `{"ok":true}` without sending anything.
struct AnswersLocally: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        RawResponse(status: .ok, body: Data(#"{"ok":true}"#.utf8))
    }
}

extension FinishedInMemorySpan {
    /// Every attribute's value as text, with the span's name.
    var texts: [String] {
        var texts = [operationName]
        attributes.forEach { _, value in texts.append("\(value)") }
        return texts
    }

    /// The attribute `name` as an integer.
    func int(_ name: String) -> Int64? {
        if case .int64(let value)? = attributes[name]?.toSpanAttribute() { return value }
        return nil
    }

    /// The attribute `name` as text.
    func string(_ name: String) -> String? {
        if case .string(let value)? = attributes[name]?.toSpanAttribute() { return value }
        return nil
    }
}
