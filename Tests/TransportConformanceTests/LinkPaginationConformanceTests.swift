import Courier
import CourierTestServer
import Foundation
import Testing

/// A page answering `[page]` with `links` as `Link` header fields, one field each.
private func page(_ number: Int, links: [String]) -> TestServer.Response {
    TestServer.Response(
        status: 200,
        headers: [.init(name: "Content-Type", value: "application/json")] + links.map { .init(name: "Link", value: $0) },
        body: Data("[\(number)]".utf8))
}

/// Every page's items, stopping at `limit` pages whatever the style says.
private func items(of first: Request<[Int]>, on client: Client, limit: Int = 10) async throws -> [[Int]] {
    var seen: [[Int]] = []
    for try await page in Pages(client: client, first: first, style: .link, items: { $0 }) {
        seen.append(page.items)
        if seen.count == limit { break }
    }
    return seen
}

@Suite("Link pagination follows the server's next link as the server wrote it, once")
struct LinkPaginationConformanceTests {
    @Test("a next link in a second Link field is followed", arguments: TransportUnderTest.allCases)
    func linkInSecondField(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            let base = server.baseURL.absoluteString
            server.route(.get, "/items") { request in
                let number = request.queryValues("page").first.flatMap { Int($0) } ?? 1
                var links = [#"<\#(base)/items?page=1>; rel="first""#]
                if number < 3 { links.append(#"<\#(base)/items?page=\#(number + 1)>; rel="next""#) }
                return page(number, links: links)
            }
        }) { _, client in
            let pages = try await items(of: Request(method: .get, path: "/items"), on: client)
            #expect(pages == [[1], [2], [3]])
        }
    }

    @Test("the next link's query goes out byte for byte: a plus stays a plus, a bare flag stays bare", arguments: TransportUnderTest.allCases)
    func queryKeptAsWritten(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            let base = server.baseURL.absoluteString
            server.route(.get, "/search") { request in
                let second = request.queryValues("page").first == "2"
                return page(second ? 2 : 1, links: second ? [] : [#"<\#(base)/search?q=tetris+language%3Aassembly&flag&page=2>; rel="next""#])
            }
        }) { server, client in
            var first = Request<[Int]>(method: .get, path: "/search")
            first.query = [QueryItem(name: "q", value: .string("tetris language:assembly"))]
            let pages = try await items(of: first, on: client)
            #expect(pages == [[1], [2]])
            #expect(server.requests.map(\.target) == [
                "/search?q=tetris%20language%3Aassembly",
                "/search?q=tetris+language%3Aassembly&flag&page=2",
            ])
        }
    }

    @Test("links that lead back to a page already fetched end the pages, the first page's too", arguments: TransportUnderTest.allCases)
    func cyclesEnd(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            let base = server.baseURL.absoluteString
            // 1 → 2 → 3 → 2 → …
            server.route(.get, "/cycle/{kind}") { request in
                let number = request.queryValues("page").first.flatMap { Int($0) } ?? 1
                let next = number == 3 ? 2 : number + 1
                return page(number, links: [#"<\#(base)/cycle/a?page=\#(next)>; rel="next""#])
            }
            // The first page links to itself by its literal URL.
            server.route(.get, "/self/{kind}") { _ in page(1, links: [#"<\#(base)/self/a>; rel="next""#]) }
        }) { server, client in
            var cycle = Request<[Int]>(method: .get, path: "/cycle/{kind}")
            cycle.setPathParameter("kind", to: "a")
            let cycled = try await items(of: cycle, on: client)
            #expect(cycled == [[1], [2], [3]])
            var looping = Request<[Int]>(method: .get, path: "/self/{kind}")
            looping.setPathParameter("kind", to: "a")
            let selfLinked = try await items(of: looping, on: client)
            #expect(selfLinked == [[1]])
            #expect(server.requests.count == 4)
        }
    }
}
