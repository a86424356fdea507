import CourierTestServer
import Foundation

/// Scripted answers of misbehaving servers, byte for byte.
enum HostileScripts {
    static let chunkedHead = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// A status line, then a header line every 50 ms, forever (slowloris).
    static var slowHeaders: TestServer.Response {
        .raw([.text("HTTP/1.1 200 OK\r\n"), .repeatForever(Array("X-Slow: 1\r\n".utf8), every: .milliseconds(50))])
    }

    /// A chunked body that never ends: 1 KB chunks, `every` apart.
    static func endlessBody(every: Duration) -> TestServer.Response {
        let chunk = "400\r\n" + String(repeating: "x", count: 1024) + "\r\n"
        return .raw([.text(chunkedHead), .repeatForever(Array(chunk.utf8), every: every)])
    }

    /// A head declaring `length` bytes, then nothing more until the peer leaves.
    static func declaring(length: Int) -> TestServer.Response {
        .raw([.text("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n"), .repeatForever([], every: .milliseconds(50))])
    }

    /// `Content-Length: 5` with 11 bytes of body.
    static var contentLengthTooShort: TestServer.Response {
        .raw([.text("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello world")])
    }

    /// A chunk size that is not hexadecimal.
    static var badChunk: TestServer.Response {
        .raw([.text(chunkedHead + "zz\r\nhello\r\n0\r\n\r\n")])
    }

    /// One header line of a megabyte.
    static var hugeHeader: TestServer.Response {
        .raw([.text("HTTP/1.1 200 OK\r\nX-Huge: " + String(repeating: "a", count: 1 << 20) + "\r\nContent-Length: 2\r\n\r\nok")])
    }

    /// A header value with bytes that are not UTF-8, then a good body.
    static var nonUTF8Header: TestServer.Response {
        .raw([
            .text("HTTP/1.1 200 OK\r\nX-Bytes: "), .send([0xFF, 0xFE, 0xC3, 0x28]),
            .text("\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok"),
        ])
    }

    /// 500 informational `103 Early Hints` responses, then the real one.
    static var informationalStorm: TestServer.Response {
        let hint = "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
        return .raw([.text(String(repeating: hint, count: 500) + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")])
    }

    /// A status line and half a header, then the connection closes.
    static var closedMidHeaders: TestServer.Response {
        .raw([.text("HTTP/1.1 200 OK\r\nContent-Ty")])
    }

    /// A redirect to `location` with `status`.
    static func redirect(to location: String, status: Int = 302) -> TestServer.Response {
        TestServer.Response(status: status, headers: [.init(name: "Location", value: location)])
    }
}
