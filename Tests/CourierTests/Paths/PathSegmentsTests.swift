import Courier
import CourierTestServer
import Foundation
import Testing

@Suite struct PathSegmentsTests {
    private func client(_ server: TestServer) throws -> Client {
        try Client(service: ServiceConfiguration(name: "Hub", baseURL: server.baseURL), transport: URLSessionTransport())
    }

    @Test func slashesStayAndOtherReservedCharactersAreEncoded() async throws {
        let server = try TestServer()
        server.route(.get, "/repos/octo/contents/docs/read%20me%3F%23%25.md/a%3Ab") { _ in .text("found") }
        server.start()
        defer { server.stop() }
        var request = Request<String>(method: .get, path: "/repos/{owner}/contents/{+path}")
        request.setPathParameter("owner", to: "octo")
        request.setPathSegments("+path", to: "docs/read me?#%.md/a:b")
        #expect(try await client(server).send(request) == "found")
        #expect(server.requests.map(\.path) == ["/repos/octo/contents/docs/read%20me%3F%23%25.md/a%3Ab"])
    }

    @Test(arguments: ["../secrets", "a/./b", "a/..", "."])
    func dotSegmentsAreRefusedBeforeAnythingIsSent(value: String) async throws {
        let server = try TestServer()
        server.start()
        defer { server.stop() }
        var request = Request<String>(method: .get, path: "/files/{+path}")
        request.setPathSegments("+path", to: value)
        do {
            _ = try await client(server).send(request)
            Issue.record("sent \(value)")
        } catch let error as CourierError {
            #expect(error.kind == .invalidRequest)
            guard case .invalidRequest(.invalidPathSegment(parameter: "+path", let segment)) = error.reason else {
                Issue.record("expected invalidPathSegment, got \(error)")
                return
            }
            #expect(segment == "." || segment == "..")
            #expect("\(error)".contains("which would leave the path"))
        }
        #expect(server.requests.isEmpty)
    }
}
