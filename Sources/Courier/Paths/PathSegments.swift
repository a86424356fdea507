import Foundation

extension Request {
    /// Sets a multi-segment path parameter (`{+path}` in a spec): the value's `/` are kept as
    /// segment separators and every other reserved character of each segment is percent-encoded,
    /// as ``setPathParameter(_:to:)`` does for a whole value.
    ///
    /// A `.` or `..` segment is refused: the call fails with
    /// ``InvalidRequestReason/invalidPathSegment(parameter:segment:)`` before anything is sent.
    ///
    /// ```swift
    /// var request = Request<Data>(method: .get, path: "/repos/{owner}/contents/{+path}")
    /// request.setPathSegments("+path", to: "docs/read me.md")   // …/contents/docs/read%20me.md
    /// ```
    public mutating func setPathSegments(_ name: String, to value: String) {
        // The `+` name tells the encoder to keep the value's `/` and check its segments.
        pathParameters[name] = value
    }
}
