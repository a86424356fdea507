import Courier
import CourierTestServer
import Foundation
import InMemoryLogging
import Logging
import Testing

@Suite("RequestLogging shows multipart, file and streamed bodies by their parts, sizes and types")
struct MultipartLoggingTests {
    @Test("each part's name, file name, type and size; the start of text parts; sensitive fields redacted; streams never read")
    func multipartParts() async throws {
        let server = try TestServer()
        let received = Locked<Int>(0)
        server.route(.post, "/upload") { request in
            received.withLock { $0 = request.body.count }
            return .json(#"{"ok":true}"#)
        }
        server.start()
        defer { server.stop() }
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let logger = Logger(label: "multipart-log") { [handler] _ in handler }
        var curl = RequestLogging.Configuration()
        curl.includesCurl = true
        let client = try Client(
            service: ServiceConfiguration(name: "log", baseURL: server.baseURL, timeout: .seconds(30)),
            wares: [RequestLogging(curl)], logger: logger)

        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        continuation.yield(Data(repeating: UInt8(ascii: "s"), count: 100_000))
        continuation.finish()
        var form = MultipartForm()
        form.add("title", "Holiday")
        form.add("password", "PASSWORD-SECRET-1")
        form.addJSON("session", ["user": "ada", "token": "TOKEN-SECRET-2"])
        form.add("essay", String(repeating: "long text ", count: 1_000))
        form.addData("photo", Data(count: 3_000), fileName: "rex.jpg", contentType: "image/jpeg")
        form.addStream("log", stream, fileName: "app.log", contentType: "text/plain")
        var request = Request<Data>(method: .post, path: "/upload")
        request.body = .multipart(form)
        _ = try await client.send(request)

        let everything = handler.entries.map { entry in
            "\(entry.message) " + entry.metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }.joined(separator: "\n")
        #expect(!everything.contains("PASSWORD-SECRET-1") && !everything.contains("TOKEN-SECRET-2"))
        let body = try #require(handler.entries.compactMap { $0.metadata["courier.body"].map { "\($0)" } }.first)
        #expect(body.hasPrefix("(multipart/form-data, 6 parts, unknown length) "))
        #expect(body.contains(#"name="title", 7 bytes: Holiday"#))
        #expect(body.contains(#"name="password", 17 bytes: <redacted>"#))
        #expect(body.contains(#"name="session" application/json"#) && body.contains(#""token":"<redacted>""#))
        #expect(body.contains(#"name="essay", 10000 bytes: long text"#))
        #expect(body.components(separatedBy: "long text").count - 1 <= 2_048 / 10 + 1, "at most 2 KB of a text part")
        #expect(body.contains(#"name="photo" filename="rex.jpg" image/jpeg, 3000 bytes"#))
        #expect(body.contains(#"name="log" filename="app.log" text/plain, unknown length"#))
        #expect(!body.contains("sss"), "the stream was not read for the log")
        #expect(received.withLock { $0 } > 100_000, "the server got the whole stream")
        let command = try #require(handler.entries.compactMap { $0.metadata["courier.curl"].map { "\($0)" } }.first)
        #expect(command.contains("-F 'title=Holiday' -F 'password=<redacted>'"))
        #expect(command.contains("-F 'photo=@rex.jpg;type=image/jpeg'") && command.contains("-F 'log=@app.log;type=text/plain'"))
    }

    @Test("the cURL line redacts a JSON part's sensitive fields by name, as the body line does, however large the part")
    func curlRedactsJSONParts() async throws {
        let (logger, handler) = traceLogger()
        try await withLoopback(routes: { $0.route(.post, "/upload") { _ in .json("{}") } }, wares: [verboseLogging()], logger: logger) { _, client in
            var form = MultipartForm()
            // Past the 64 KB up to which the call's secrets are searched by value.
            form.addJSON("session", ["token": "TOKEN-SECRET-2", "pad": String(repeating: "x", count: 70_000)])
            var request = Request<Data>(method: .post, path: "/upload")
            request.body = .multipart(form)
            _ = try await client.send(request)
            let curl = try #require(handler.entries.compactMap { $0.metadata["courier.curl"].map { "\($0)" } }.first)
            #expect(!curl.contains("TOKEN-SECRET-2"))
            #expect(curl.contains("session="), "the part is still named")
        }
    }

    @Test("a file body is logged by name, size and type, never read")
    func fileBody() async throws {
        let server = try TestServer()
        server.route(.put, "/file") { _ in .json("{}") }
        server.start()
        defer { server.stop() }
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let logger = Logger(label: "file-log") { [handler] _ in handler }
        let client = try Client(
            service: ServiceConfiguration(name: "log", baseURL: server.baseURL, timeout: .seconds(30)),
            wares: [RequestLogging()], logger: logger)
        let file = try temporaryFile(Data(repeating: UInt8(ascii: "f"), count: 2_048), name: "notes.txt")
        defer { removeTemporaryFile(file) }
        var request = Request<Data>(method: .put, path: "/file")
        request.body = .file(UploadFile(url: file))
        _ = try await client.send(request)
        let body = try #require(handler.entries.compactMap { $0.metadata["courier.body"].map { "\($0)" } }.first)
        #expect(body == "(file notes.txt, 2 KB, text/plain; charset=utf-8)")
    }
}
