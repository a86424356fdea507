import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubPaginationTests {
    /// Issues 1…5 in pages of two, linked with RFC 8288 `Link` headers (absolute URLs, other
    /// relations beside `next`); page 3 has no next link.
    private func linkServer() throws -> HubHarness {
        let harness = try HubHarness()
        let base = harness.server.baseURL.absoluteString
        harness.server.route(.get, "/repos/octo/hello/issues") { request in
            let page = request.queryItems.first { $0.name == "page" }.flatMap { Int($0.value) } ?? 1
            let numbers = Array(((page - 1) * 2 + 1)...min(page * 2, 5))
            let body = "[" + numbers.map { #"{"number":\#($0),"title":"Issue \#($0)","milestone":null}"# }.joined(separator: ",") + "]"
            var links = [#"<\#(base)/repos/octo/hello/issues?state=open&page=1>; rel="first""#]
            if page < 3 { links.append(#"<\#(base)/repos/octo/hello/issues?state=open&page=\#(page + 1)>; rel="next""#) }
            return TestServer.Response(status: 200, headers: [
                .init(name: "Content-Type", value: "application/json"),
                .init(name: "ETag", value: #"W/"page-\#(page)""#),
                .init(name: "X-RateLimit-Remaining", value: "\(60 - page)"),
                .init(name: "Link", value: links.joined(separator: ", ")),
            ], body: Data(body.utf8))
        }
        harness.start()
        return harness
    }

    @Test func linkPaginationFollowsNextUntilTheEnd() async throws {
        let harness = try linkServer()
        defer { harness.stop() }
        var pages: [[Int]] = []
        for try await page in harness.hub.listIssuesPages(owner: "octo", repo: "hello", state: "open") {
            pages.append(page.items.map(\.number))
            #expect(page.index == pages.count - 1)
        }
        #expect(pages == [[1, 2], [3, 4], [5]])
        #expect(harness.server.requests.map(\.target) == [
            "/repos/octo/hello/issues?state=open",
            "/repos/octo/hello/issues?state=open&page=2",
            "/repos/octo/hello/issues?state=open&page=3",
        ])
    }

    @Test func itemsFlattenThePagesAndMaxPagesStops() async throws {
        let harness = try linkServer()
        defer { harness.stop() }
        var numbers: [Int] = []
        for try await issue in harness.hub.listIssuesItems(owner: "octo", repo: "hello") { numbers.append(issue.number) }
        #expect(numbers == [1, 2, 3, 4, 5])
        var limited = 0
        for try await _ in harness.hub.listIssuesPages(owner: "octo", repo: "hello", maxPages: 2) { limited += 1 }
        #expect(limited == 2)
        #expect(harness.server.requests.count == 5, "three pages, then two")
    }

    @Test func typedResponseHeaders() async throws {
        let harness = try linkServer()
        defer { harness.stop() }
        let (issues, headers) = try await harness.hub.listIssuesWithHeaders(owner: "octo", repo: "hello")
        #expect(issues.count == 2)
        #expect(headers.eTag == #"W/"page-1""#)
        #expect(headers.xRateLimitRemaining == 59)
        #expect(headers.link?.contains(#"rel="next""#) == true)
    }

    @Test func cancellingStopsBeforeTheNextRequest() async throws {
        let harness = try linkServer()
        defer { harness.stop() }
        let pages = harness.hub.listIssuesPages(owner: "octo", repo: "hello")
        let task = Task {
            var seen = 0
            for try await _ in pages {
                seen += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return seen
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(harness.server.requests.count == 1)
    }

    @Test func aNextLinkToAnotherHostEndsThePages() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/octo/hello/issues") { _ in
            TestServer.Response(status: 200, headers: [
                .init(name: "Content-Type", value: "application/json"),
                .init(name: "Link", value: #"<https://elsewhere.example.com/issues?page=2>; rel="next""#),
            ], body: Data(#"[{"number":1,"title":"a","milestone":null}]"#.utf8))
        }
        harness.start()
        var count = 0
        for try await _ in harness.hub.listIssuesPages(owner: "octo", repo: "hello") { count += 1 }
        #expect(count == 1)
    }

    @Test func cursorPaginationReadsTheCursorFromEachPage() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/search/code") { request in
            let cursor = request.queryItems.first { $0.name == "cursor" }?.value
            switch cursor {
            case nil: return .json(#"{"items":[{"path":"a.swift","score":1}],"next_cursor":"c2"}"#)
            case "c2": return .json(#"{"items":[{"path":"b.swift","score":0.5}],"next_cursor":"c3"}"#)
            default: return .json(#"{"items":[{"path":"c.swift","score":0.1}],"next_cursor":null}"#)
            }
        }
        harness.start()
        var paths: [String] = []
        for try await hit in harness.hub.searchCodeItems(q: "Pages") { paths.append(hit.path) }
        #expect(paths == ["a.swift", "b.swift", "c.swift"])
        #expect(harness.server.requests.map(\.target) == [
            "/search/code?q=Pages", "/search/code?q=Pages&cursor=c2", "/search/code?q=Pages&cursor=c3",
        ])
    }

    @Test func pageNumberPaginationEndsAtTheFirstEmptyPage() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/octo/hello/stargazers") { request in
            let page = request.queryItems.first { $0.name == "page" }.flatMap { Int($0.value) } ?? 1
            return .json(page <= 2 ? #"[{"login":"p\#(page)a"},{"login":"p\#(page)b"}]"# : "[]")
        }
        harness.start()
        var logins: [String] = []
        for try await stargazer in harness.hub.listStargazersItems(owner: "octo", repo: "hello") { logins.append(stargazer.login) }
        #expect(logins == ["p1a", "p1b", "p2a", "p2b"])
        #expect(harness.server.requests.map(\.target) == [
            "/repos/octo/hello/stargazers", "/repos/octo/hello/stargazers?page=2", "/repos/octo/hello/stargazers?page=3",
        ])
        // The endpoint's named ware went with every page.
        #expect(harness.server.requests.map { $0.header("X-Audit") } == Array(repeating: "listStargazers", count: 3))
    }
}
