import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Values the service calls sensitive stay out of logs and errors wherever they travel")
struct SensitiveValuesTests {
    @Test("a path parameter whose name is sensitive never shows: not in the log lines, the cURL line or the error")
    func sensitivePathParameter() async throws {
        let invite = "INV-7f3a9c-SECRET"
        let (logger, handler) = traceLogger()
        try await withLoopback(
            routes: { $0.route(.post, "/invites/{code}/accept") { _ in .json(#"{"error":"expired"}"#, status: 403) } },
            service: { $0.redaction.sensitiveNames.insert("code") },
            wares: [verboseLogging()], logger: logger
        ) { server, client in
            var request = Request<Void>(method: .post, path: "/invites/{code}/accept", name: "acceptInvite")
            request.setPathParameter("code", to: invite)
            let error = await #expect(throws: CourierError.self) { try await client.send(request) }
            #expect(server.requests.first?.path == "/invites/\(invite)/accept", "the value still goes out")
            let printed = renderings(of: try #require(error)) + loggedText(handler)
            #expect(!printed.contains(invite), "\(printed)")
        }
    }

    @Test("a sensitive multi-segment path parameter ({+name}) never shows either, whole or segment by segment")
    func sensitiveMultiSegmentPathParameter() async throws {
        let token = "tok 7f3a9c/SECRET-part"
        let (logger, handler) = traceLogger()
        try await withLoopback(
            routes: { $0.route(.get, "/download/{a}/{b}") { _ in .json(#"{"error":"expired"}"#, status: 403) } },
            service: { $0.redaction.sensitiveNames.insert("token") },
            wares: [verboseLogging()], logger: logger
        ) { server, client in
            var request = Request<Void>(method: .get, path: "/download/{+token}", name: "download")
            request.setPathSegments("+token", to: token)
            let error = await #expect(throws: CourierError.self) { try await client.send(request) }
            #expect(server.requests.first?.path == "/download/tok%207f3a9c/SECRET-part", "the value still goes out")
            let printed = renderings(of: try #require(error)) + loggedText(handler)
            for secret in ["tok 7f3a9c", "tok%207f3a9c", "SECRET-part"] { #expect(!printed.contains(secret), "\(secret) in \(printed)") }
        }
    }

    @Test("a sensitive path parameter stays hidden on the pages a Link header leads to, and their calls keep the template's name")
    func sensitivePathParameterAcrossLinkPages() async throws {
        let invite = "INV-7f3a9c-SECRET"
        let (logger, handler) = traceLogger()
        try await withLoopback(
            routes: { server in
                let base = server.baseURL.absoluteString
                server.route(.get, "/invites/{code}/members") { request in
                    guard request.queryValues("page").first == "2" else {
                        return TestServer.Response(
                            status: 200,
                            headers: [.init(name: "Content-Type", value: "application/json"),
                                      .init(name: "Link", value: #"<\#(base)/invites/\#(invite)/members?page=2>; rel="next""#)],
                            body: Data("[1]".utf8))
                    }
                    return .json(#"{"error":"busy"}"#, status: 500)
                }
            },
            service: { $0.redaction.sensitiveNames.insert("code") },
            wares: [verboseLogging()], logger: logger
        ) { server, client in
            var first = Request<[Int]>(method: .get, path: "/invites/{code}/members")
            first.setPathParameter("code", to: invite)
            var seen: [[Int]] = []
            let error = await #expect(throws: CourierError.self) {
                for try await page in Pages(client: client, first: first, style: .link, items: { $0 }) { seen.append(page.items) }
            }
            #expect(seen == [[1]])
            #expect(server.requests.last?.path == "/invites/\(invite)/members", "the link was followed")
            let printed = renderings(of: try #require(error)) + loggedText(handler)
            #expect(!printed.contains(invite), "\(printed)")
            #expect(error?.call?.endpoint == "GET /invites/{code}/members")
        }
    }

    @Test("a failure's body excerpt hides fields under the service's sensitive names, not only the standard ones")
    func serviceNamesInBodyExcerpts() async throws {
        struct Account: Decodable, Sendable { var id: Int }
        let secret = "sk_live_9f8e7d6c5b4a"
        try await withLoopback(
            routes: { server in
                server.route(.get, "/account") { _ in .json(#"{"id":"seven","api_secret":"\#(secret)"}"#) }
                server.route(.get, "/broken") { _ in .json(#"{"code":"oops","api_secret":"\#(secret)"}"#, status: 500) }
            },
            service: { $0.redaction.sensitiveNames.insert("api_secret") }
        ) { _, client in
            let undecodable = await #expect(throws: CourierError.self) { _ = try await client.send(Request<Account>(method: .get, path: "/account")) }
            let failed = await #expect(throws: CourierError.self) { _ = try await client.send(Request<Account>(method: .get, path: "/broken")) }
            for error in [undecodable, failed] {
                let printed = renderings(of: try #require(error))
                #expect(!printed.contains(secret), "\(printed)")
                #expect(printed.contains("api_secret"), "the field's name stays, for the reader")
            }
        }
    }
}
