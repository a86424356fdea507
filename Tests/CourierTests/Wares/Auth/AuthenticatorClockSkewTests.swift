import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// A loopback server handing out JWTs stamped with its own clock (fixed at `serverNow`), and no
/// `expiresIn`, accepting any of them.
private final class JWTServer: Sendable {
    struct Tokens: Codable, Sendable {
        var accessToken: String
        var refreshToken: String
    }

    let server: TestServer

    init(serverNow: Date, lifetime: Int, withIssuedAt: Bool) throws {
        server = try TestServer()
        server.route(.get, "/data") { request in
            guard request.header("Authorization")?.hasPrefix("Bearer eyJ") == true else {
                return .json(#"{"error":"unauthorized"}"#, status: 401)
            }
            return .json(#"{"ok":true}"#)
        }
        server.route(.post, "/refresh") { _ in
            let token = JWTServer.token(issuedAt: serverNow, lifetime: lifetime, withIssuedAt: withIssuedAt, id: UUID().uuidString)
            return .json(#"{"accessToken":"\#(token)","refreshToken":"refresh-1"}"#)
        }
        server.start()
    }

    static func token(issuedAt: Date, lifetime: Int, withIssuedAt: Bool, id: String) -> String {
        let iat = Int(issuedAt.timeIntervalSince1970)
        let claims = withIssuedAt ? #"{"sub":"ada","jti":"\#(id)","iat":\#(iat),"exp":\#(iat + lifetime)}"#
            : #"{"sub":"ada","jti":"\#(id)","exp":\#(iat + lifetime)}"#
        let payload = Data(claims.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return "eyJhbGciOiJIUzI1NiJ9.\(payload).c2lnbmF0dXJl"
    }

    var refreshCount: Int { server.requests.filter { $0.path == "/refresh" }.count }

    static let scheme = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
        request: { refreshToken in
            var request = Request<Tokens>(method: .post, path: "/refresh", name: "refresh")
            var fields = FormFields()
            fields.add("refresh_token", refreshToken)
            request.body = .form(fields.items)
            request.authentication = .none
            return request
        },
        read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken) }
    ))

    func client(_ authenticator: Authenticator, clock: ManualClock) throws -> Client {
        var service = ServiceConfiguration(name: "auth", baseURL: server.baseURL, timeout: .seconds(30))
        service.authSchemes = [Self.scheme]
        service.defaultAuthScheme = Self.scheme.name
        return try Client(service: service, wares: [authenticator], clock: clock, wallClock: clock.wallClock)
    }
}

// The device's clock two hours ahead of the server's, tokens living one hour with no
// `expiresIn`: every new token looked expired on arrival, every call refreshed first, and the
// loop guard ended the session at the sixth call.
@Suite("Authenticator: a device clock ahead of the server's JWT times")
struct AuthenticatorClockSkewTests {
    private static let serverNow = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("tokens with iat and exp live exp - iat from when they arrived, on the device's clock", arguments: [true, false])
    func clockAhead(withIssuedAt: Bool) async throws {
        let server = try JWTServer(serverNow: Self.serverNow, lifetime: 3600, withIssuedAt: withIssuedAt)
        defer { server.server.stop() }
        let clock = ManualClock(epoch: Self.serverNow.addingTimeInterval(7200))
        let signedIn = JWTServer.token(issuedAt: Self.serverNow, lifetime: 3600, withIssuedAt: withIssuedAt, id: "0")
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer(signedIn, refreshToken: "refresh-1")]))
        let client = try server.client(auth, clock: clock)

        for _ in 0..<10 {
            let value = try await client.send(dataRequest())
            #expect(value == ["ok": true])
            clock.advance(by: .seconds(1))
        }
        #expect(server.refreshCount == 1, "the signed-in token looked expired: one refresh, then none")
        guard withIssuedAt else { return }
        clock.advance(by: .seconds(3600 - 10 - 20))  // 20 s left of the new token's hour: in the leeway
        let value = try await client.send(dataRequest())
        #expect(value == ["ok": true])
        #expect(server.refreshCount == 2, "refreshed before its hour ran out on the device's clock")
    }
}
