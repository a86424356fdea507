import Foundation

extension TestServer.Response.Step {
    /// The head of a `200` answer whose body is sent in HTTP/1.1 chunks
    /// (`Transfer-Encoding: chunked`) with `contentType`, `text/event-stream` by default: follow
    /// it with ``chunk(_:)`` steps, then ``lastChunk`` to end the body cleanly, or nothing (the
    /// connection closes mid-body, a dropped connection to the client).
    ///
    /// ```swift
    /// server.route(.get, "/events") { _ in
    ///     .raw([.chunkedHead(), .chunk("id: 1\ndata: {\"n\":1}\n\n"), .pause(.milliseconds(50)),
    ///           .chunk("data: [DONE]\n\n"), .lastChunk])
    /// }
    /// ```
    public static func chunkedHead(contentType: String = "text/event-stream") -> Self {
        .text("HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n")
    }

    /// Writes `text` as one HTTP/1.1 chunk of a chunked body.
    public static func chunk(_ text: String) -> Self {
        let bytes = Array(text.utf8)
        return .send(Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8))
    }

    /// The zero-length chunk that ends a chunked body.
    public static let lastChunk = Self.text("0\r\n\r\n")
}
