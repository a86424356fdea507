import Foundation

/// One page of a paginated endpoint: its decoded value, the items it holds, and the response.
public struct Page<Value: Sendable, Item: Sendable>: Sendable {
    /// The page's position, from 0.
    public var index: Int
    /// The decoded answer.
    public var value: Value
    /// The items the page holds.
    public var items: [Item]
    /// The response, with its headers.
    public var response: Response<Value>
}

/// The pages of a paginated endpoint, fetched one at a time as the sequence is iterated: the
/// first request, then each next page its ``PaginationStyle`` finds, until there is none, the
/// page limit is reached, or the task is cancelled (which throws `CancellationError`).
///
/// ```swift
/// for try await page in hub.listIssuesPages(owner: "octo", repo: "hello", maxPages: 5) {
///     print(page.index, page.items.count)
/// }
/// for try await issue in hub.listIssuesItems(owner: "octo", repo: "hello") { print(issue.title) }
/// ```
public struct Pages<Value: Sendable, Item: Sendable>: AsyncSequence, Sendable {
    /// Each page in order.
    public typealias Element = Page<Value, Item>

    let client: Client
    let first: Request<Value>
    let style: PaginationStyle<Value>
    let items: @Sendable (Value) -> [Item]
    let maxPages: Int?
    let stopsAtEmptyPage: Bool

    /// Pages starting with `first`, following `style`; `items` reads a page's items; at most
    /// `maxPages` pages are fetched (`nil`: no limit). `stopsAtEmptyPage` ends them at the first
    /// page without items; `nil` leaves it to the style (``PaginationStyle/pageNumber(parameter:first:)``
    /// does, the others do not).
    public init(
        client: Client, first: Request<Value>, style: PaginationStyle<Value>, maxPages: Int? = nil,
        stopsAtEmptyPage: Bool? = nil, items: @escaping @Sendable (Value) -> [Item]
    ) {
        self.client = client
        self.first = first
        self.style = style
        self.items = items
        self.maxPages = maxPages
        self.stopsAtEmptyPage = stopsAtEmptyPage ?? style.endsAtEmptyPage
    }

    /// The items of every page, in order.
    public var allItems: PageItems<Value, Item> { PageItems(pages: self) }

    /// Starts fetching.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: self, next: first)
    }

    /// Fetches the pages one by one.
    public struct Iterator: AsyncIteratorProtocol {
        let pages: Pages
        var next: Request<Value>?
        var index = 0
        /// The requests fetched so far (path, query and body as sent): a link back to one of them
        /// would loop forever.
        var fetched: Set<SentRequest> = []

        /// The next page, or `nil` after the last.
        public mutating func next() async throws -> Page<Value, Item>? {
            guard let request = next else { return nil }
            if let limit = pages.maxPages, index >= limit {
                next = nil
                return nil
            }
            try Task.checkCancellation()
            if let target = target(of: request) { fetched.insert(target) }
            let response = try await pages.client.response(for: request)
            let items = pages.items(response.value)
            if pages.stopsAtEmptyPage, items.isEmpty {
                next = nil
                return nil
            }
            next = pages.style.next(request, response, pages.client.service.baseURL)
            if let following = next, let target = target(of: following), fetched.contains(target) {
                next = nil  // a page pointing back at one already fetched would loop forever
            }
            defer { index += 1 }
            return Page(index: index, value: response.value, items: items, response: response)
        }

        /// What `request` sends: the path and query it goes to, whether spelled as a template with
        /// parameters (the first page) or literally (a followed link), and its body (a style may
        /// carry the cursor there); `nil` when it cannot be built.
        private func target(of request: Request<Value>) -> SentRequest? {
            guard let prepared = try? pages.client.core.encoder.prepare(request) else { return nil }
            return SentRequest(target: prepared.http.path ?? "", body: prepared.body?.data)
        }

        /// A request as sent, for telling whether a page was fetched already.
        struct SentRequest: Hashable {
            let target: String
            let body: Data?
        }
    }
}

/// The items of every page of a ``Pages`` sequence, in order.
public struct PageItems<Value: Sendable, Item: Sendable>: AsyncSequence, Sendable {
    /// One item.
    public typealias Element = Item

    let pages: Pages<Value, Item>

    /// Starts fetching.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: pages.makeAsyncIterator())
    }

    /// Walks the items of each page as it arrives.
    public struct Iterator: AsyncIteratorProtocol {
        var pages: Pages<Value, Item>.Iterator
        var buffer: [Item] = []
        var position = 0

        /// The next item, or `nil` after the last page.
        public mutating func next() async throws -> Item? {
            while position == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = page.items
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }
}
