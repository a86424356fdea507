import Courier
import CourierTestServer
import Foundation
import Testing

private struct Cursor: Codable, Sendable {
    var cursor: String?
}

private struct Page: Codable, Sendable {
    var items: [Int]
    var next: String?
}

@Suite("Pages end at a page fetched already, telling requests apart by what they send")
struct PagesLoopTests {
    @Test("a style that carries its cursor in the body goes on while the body changes, and ends when it repeats")
    func cursorInTheBody() async throws {
        try await withLoopback(routes: { server in
            server.route(.post, "/search") { request in
                let cursor = (try? JSONDecoder().decode(Cursor.self, from: request.body))?.cursor
                // a → b → a: the third page would be the first again.
                return switch cursor {
                case nil: .json(#"{"items":[1],"next":"a"}"#)
                case "a": .json(#"{"items":[2],"next":"b"}"#)
                default: .json(#"{"items":[3],"next":"a"}"#)
                }
            }
        }) { server, client in
            var first = Request<Page>(method: .post, path: "/search")
            first.body = .json(Cursor(cursor: nil))
            let style = PaginationStyle<Page> { request, response, _ in
                guard let next = response.value.next else { return nil }
                var following = request
                following.body = .json(Cursor(cursor: next))
                return following
            }
            var seen: [[Int]] = []
            for try await page in Pages(client: client, first: first, style: style, items: { $0.items }) {
                seen.append(page.items)
                if seen.count == 10 { break }
            }
            #expect(seen == [[1], [2], [3]])
            #expect(server.requestCount == 3)
        }
    }

    @Test("page numbers end at the first page without items unless told otherwise: every page number is a new request, so nothing else ends them")
    func pageNumbersEndAtAnEmptyPage() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/numbers") { request in
                (request.queryValues("page").first ?? "1") == "1" ? .json("[1,2]") : .json("[]")  // no number: the first page
            }
        }) { server, client in
            let style = PaginationStyle<[Int]>.pageNumber(parameter: "page")
            func pages(stopsAtEmptyPage: Bool?) async throws -> [[Int]] {
                var seen: [[Int]] = []
                for try await page in Pages(client: client, first: Request<[Int]>(method: .get, path: "/numbers"), style: style,
                                            stopsAtEmptyPage: stopsAtEmptyPage, items: { $0 }) {
                    seen.append(page.items)
                    if seen.count == 4 { break }
                }
                return seen
            }
            let byDefault = try await pages(stopsAtEmptyPage: nil)
            #expect(byDefault == [[1, 2]], "the empty page ends them, and is not one of them")
            let goingOn = try await pages(stopsAtEmptyPage: false)
            #expect(goingOn == [[1, 2], [], [], []], "told to go on, it goes on")
            #expect(server.requestCount == 6)
        }
    }
}
