import Foundation

/// Why a multi-segment path parameter was refused: one of its segments is `.` or `..`, which
/// would make the request address something outside the path the spec describes.
public struct PathSegmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's placeholder name, without braces (`+path`).
    public var parameter: String
    /// The whole value given.
    public var value: String
    /// The refused segment (`.` or `..`).
    public var segment: String

    /// Says which segment of which parameter, and why.
    public var description: String {
        "path parameter {\(parameter)} holds the segment '\(segment)' (in \"\(value)\"), which would leave the "
            + "path; a multi-segment parameter cannot hold '.' or '..' segments"
    }
}

extension Request {
    /// Sets a multi-segment path parameter (`{+path}` in a spec): the value's `/` are kept as
    /// segment separators and every other reserved character of each segment is percent-encoded,
    /// as ``setPathParameter(_:to:)`` does for a whole value.
    ///
    /// A `.` or `..` segment is refused: the call fails with a ``PathSegmentError`` (inside a
    /// ``CourierError`` of kind `.ware`) before anything is sent.
    ///
    /// ```swift
    /// var request = Request<Data>(method: .get, path: "/repos/{owner}/contents/{+path}")
    /// request.setPathSegments("+path", to: "docs/read me.md")   // …/contents/docs/read%20me.md
    /// ```
    public mutating func setPathSegments(_ name: String, to value: String) {
        let segments = value.split(separator: "/", omittingEmptySubsequences: false)
        if let bad = segments.first(where: { $0 == "." || $0 == ".." }) {
            wares.append(PathSegmentRejection(error: PathSegmentError(parameter: name, value: value, segment: String(bad))))
        }
        var replacement = ""
        for (index, segment) in segments.enumerated() {
            let key = "\(name)/\(index)"
            if index > 0 { replacement += "/" }
            replacement += "{\(key)}"
            pathParameters[key] = String(segment)
        }
        pathTemplate = Self.replacing("{\(name)}", with: replacement, in: pathTemplate)
    }

    private static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        guard let range = text.range(of: target) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }
}

/// Fails the call it is attached to with its error, before anything is sent.
struct PathSegmentRejection: Middleware {
    let error: PathSegmentError

    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        throw error
    }
}
