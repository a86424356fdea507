import Foundation
import HTTPTypes

/// What a response head says about continuing its body elsewhere (RFC 9110 §14, §8.8): its
/// length, its validator for `If-Range`, whether it is content-coded, and the range a `206`
/// carries.
enum RangeFields {
    /// The range of a `Content-Range: bytes first-last/total` field (`total` may be `*`).
    struct ContentRange: Equatable {
        /// The first byte's offset.
        var first: Int
        /// The last byte's offset (inclusive).
        var last: Int
        /// The whole representation's length, when the server said.
        var total: Int?

        /// Parses `bytes first-last/total`; `nil` for anything else (`bytes */total` included).
        init?(_ value: String?) {
            guard let value else { return nil }
            let text = value.trimmingCharacters(in: .whitespaces)
            guard text.lowercased().hasPrefix("bytes ") else { return nil }
            let spec = text.dropFirst("bytes ".count).trimmingCharacters(in: .whitespaces)
            let halves = spec.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2 else { return nil }
            let bounds = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            // `last < Int.max`: the length it implies (`last + 1`) must be a number too.
            guard bounds.count == 2, let first = RangeFields.offset(bounds[0]), let last = RangeFields.offset(bounds[1]), first <= last,
                  last < Int.max
            else { return nil }
            let total: Int?
            if halves[1] == "*" {
                total = nil
            } else {
                guard let length = RangeFields.offset(halves[1]), length > last else { return nil }
                total = length
            }
            self.first = first
            self.last = last
            self.total = total
        }
    }

    /// The validator `If-Range` may carry for `head`'s representation: its `ETag` when strong,
    /// else its `Last-Modified` date when it has no `ETag` at all; `nil` otherwise. A weak `ETag`
    /// may not be used, and neither may the date beside one (RFC 9110 §13.1.5): a file rewritten
    /// within the second keeps its date, and its new bytes would be spliced onto the old ones.
    static func validator(of head: HTTPResponse) -> String? {
        if let tag = head.headerFields[.eTag]?.trimmingCharacters(in: .whitespaces) {
            return tag.hasPrefix("\"") && tag.count >= 2 ? tag : nil
        }
        guard let date = head.headerFields[.lastModified]?.trimmingCharacters(in: .whitespaces), !date.isEmpty else { return nil }
        return date
    }

    /// Whether `head`'s body is sent as it is, with no content coding (`gzip` and the like make
    /// byte offsets in the decoded file mean nothing to the server).
    static func isIdentity(_ head: HTTPResponse) -> Bool {
        guard let coding = head.headerFields[.contentEncoding]?.trimmingCharacters(in: .whitespaces) else { return true }
        return coding.isEmpty || coding.lowercased() == "identity"
    }

    /// Whether `head` says the server takes no range requests (`Accept-Ranges: none`).
    static func refusesRanges(_ head: HTTPResponse) -> Bool {
        head.headerFields[.acceptRanges]?.trimmingCharacters(in: .whitespaces).lowercased() == "none"
    }

    /// How many body bytes `head` declares for a request with `method`: its `Content-Length`, when
    /// the body carries one as it is (not content-coded, not answering `HEAD`, not a `204`/`304`).
    static func declaredLength(of head: HTTPResponse, method: HTTPRequest.Method) -> Int? {
        guard method != .head, head.status != .noContent, head.status != .notModified, isIdentity(head) else { return nil }
        return head.headerFields[.contentLength].flatMap { offset(Substring($0)) }
    }

    /// A non-negative decimal, spaces around it allowed.
    static func offset(_ text: Substring) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), let value = Int(digits), value >= 0 else { return nil }
        return value
    }
}
