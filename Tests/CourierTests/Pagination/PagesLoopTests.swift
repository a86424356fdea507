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
}
