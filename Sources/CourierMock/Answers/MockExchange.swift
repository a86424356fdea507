import Foundation

/// A request as the server received it, before routing.
struct MockRequest: Sendable {
    /// The method, upper-cased.
    var method: String
    /// The request target: the percent-encoded path with its query (`/v1/pets?limit=2`).
    var target: String
    /// Header fields in order.
    var headers: [(name: String, value: String)]
    /// The body; empty for none.
    var body: Data

    /// The path without the query.
    var path: String {
        String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The query's `name=value` pairs in order, decoded.
    var query: [(name: String, value: String)] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return PercentDecoding.pairs(target[target.index(after: mark)...])
    }

    /// Every value of the header field `name` (case-insensitive), in order.
    func headers(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// The first value of the header field `name`.
    func header(_ name: String) -> String? { headers(name).first }
}

/// The answer, with what the request log says about it.
struct MockResponse: Sendable {
    /// The status code.
    var status: Int
    /// Header fields in order (`Content-Length` is added when written).
    var headers: [(name: String, value: String)]
    /// The body.
    var body: Data
    /// The endpoint that answered, if one matched.
    var endpoint: String?
    /// Where the answer came from, for the log: the sample's file, `state`, `problem`, …
    var source: String

    /// A response from parts.
    init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(), endpoint: String?, source: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.endpoint = endpoint
        self.source = source
    }
}
