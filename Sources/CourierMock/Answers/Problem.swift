import Foundation

/// An RFC 9457 problem document (`application/problem+json`): what the mock answers when it
/// cannot route or the request does not fit the spec. `errors` names each offending field.
struct Problem: Encodable, Sendable {
    /// One offending part of a request.
    struct FieldError: Encodable, Sendable, Hashable {
        /// Where: `path`, `query`, `header` or `body`.
        var `in`: String
        /// The parameter, header, form field or part; in a JSON body its path (`tags[0].label`).
        var field: String
        /// In a JSON body, the place as an RFC 6901 JSON Pointer (`/tags/0/label`).
        var pointer: String?
        /// What is wrong.
        var detail: String
    }

    /// `about:blank`: the status says what kind of problem it is.
    var type = "about:blank"
    /// The status's reason phrase.
    var title: String
    /// The status code.
    var status: Int
    /// What happened, for a person.
    var detail: String
    /// The request's path.
    var instance: String
    /// The endpoint the request matched, if any.
    var endpoint: String?
    /// Every offending field.
    var errors: [FieldError]?
    /// The path template a request that matched nothing probably meant.
    var closest: String?
    /// Every path template served, for a request that matched nothing.
    var paths: [String]?

    /// The problem as a response.
    func response(endpoint: String? = nil, headers extra: [(name: String, value: String)] = []) -> MockResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(self)) ?? Data(#"{"status":\#(status)}"#.utf8)
        return MockResponse(
            status: status, headers: [("Content-Type", "application/problem+json")] + extra, body: body,
            endpoint: endpoint ?? self.endpoint, source: "problem")
    }

    /// The reason phrase of `status` (`Unprocessable Content` for 422).
    static func title(of status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 501: "Not Implemented"
        default: "Error"
        }
    }

    /// A problem of `status` with its reason phrase as the title.
    init(
        status: Int, detail: String, instance: String, endpoint: String? = nil, errors: [FieldError]? = nil,
        closest: String? = nil, paths: [String]? = nil
    ) {
        self.title = Self.title(of: status)
        self.status = status
        self.detail = detail
        self.instance = instance
        self.endpoint = endpoint
        self.errors = errors
        self.closest = closest
        self.paths = paths
    }
}
