import Foundation

extension TestServer.Response {
    /// How a ``download(_:for:etag:lastModified:ranges:chunked:ending:)`` body ends.
    public enum DownloadEnding: Sendable {
        /// Every byte (the response says `Connection: close`, and the connection closes after it).
        case whole
        /// The first `after` bytes of the body, then the connection closes (the head still
        /// declares them all): a connection dropped mid-body.
        case cut(after: Int)
        /// The first `after` bytes, then nothing more until the peer leaves or the server stops:
        /// a body that is still arriving, for cancelling it.
        case stall(after: Int)
        /// The first `after` bytes, a pause for the client to read them, then a TCP reset.
        case reset(after: Int)
    }

    /// `payload` served as a file server serves a file: `200` with all of it, or, when `ranges`
    /// is on and the request asks `Range: bytes=N-` (with an `If-Range` equal to `etag` or
    /// `lastModified`, or none), `206` with the bytes from `N` and their `Content-Range`; a start
    /// at or past the end gets `416`. An `If-Range` that matches neither validator gets the whole
    /// `200`. With `ranges` the head says `Accept-Ranges: bytes`; without, it says nothing of
    /// ranges and ignores `Range`, as many servers do. `chunked` sends the body with
    /// `Transfer-Encoding: chunked` instead of a `Content-Length` (one chunk per write).
    ///
    /// ```swift
    /// server.route(.get, "/file") { request in
    ///     .download(payload, for: request, etag: "\"v1\"", ending: first ? .cut(after: 1000) : .whole)
    /// }
    /// ```
    public static func download(
        _ payload: Data, for request: TestServer.Request, etag: String? = nil, lastModified: String? = nil,
        ranges: Bool = true, chunked: Bool = false, ending: DownloadEnding = .whole
    ) -> TestServer.Response {
        var start = 0
        var status = 200
        if ranges, let asked = RangeRequest.start(request.header("Range")) {
            let ifRange = request.header("If-Range")
            if ifRange == nil || ifRange == etag || ifRange == lastModified {
                guard asked < payload.count else {
                    return TestServer.Response(
                        status: 416, headers: [TestServer.Field(name: "Content-Range", value: "bytes */\(payload.count)")])
                }
                start = asked
                status = 206
            }
        }
        var head = "HTTP/1.1 \(status) \(status == 206 ? "Partial Content" : "OK")\r\n"
        head += "Content-Type: application/octet-stream\r\n"
        if ranges { head += "Accept-Ranges: bytes\r\n" }
        if let etag { head += "ETag: \(etag)\r\n" }
        if let lastModified { head += "Last-Modified: \(lastModified)\r\n" }
        if status == 206 { head += "Content-Range: bytes \(start)-\(payload.count - 1)/\(payload.count)\r\n" }
        head += chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(payload.count - start)\r\n"
        head += "Connection: close\r\n\r\n"
        let body = [UInt8](payload[payload.startIndex + start..<payload.endIndex])
        var steps: [Step] = [.text(head)]
        let sent: Int
        switch ending {
        case .whole: sent = body.count
        case .cut(let after), .stall(let after), .reset(let after): sent = min(after, body.count)
        }
        let part = Array(body[..<sent])
        if chunked {
            if !part.isEmpty { steps.append(.send(Array(String(part.count, radix: 16).utf8) + [13, 10] + part + [13, 10])) }
            if case .whole = ending { steps.append(.text("0\r\n\r\n")) }
        } else {
            steps.append(.send(part))
        }
        switch ending {
        case .whole, .cut: break
        case .stall: steps.append(.pause(.seconds(300)))
        case .reset: steps += [.pause(.milliseconds(200)), .reset]
        }
        return .raw(steps)
    }
}

/// Reads the start of a `Range: bytes=N-` (or `bytes=N-M`) field.
enum RangeRequest {
    static func start(_ value: String?) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), value.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = value.dropFirst("bytes=".count)
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        return Int(spec[..<dash].trimmingCharacters(in: .whitespaces))
    }
}
