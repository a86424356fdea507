import Foundation

/// The multipart-parsing loopback server for tests: `Tests/Fixtures/MultipartServer/multipart_server.py`
/// run by `python3` in a process of its own. It parses every `POST`/`PUT` body with Python's own
/// MIME parser (`email.parser.BytesParser`, `policy.HTTP`) and answers a ``MultipartEcho``
/// describing each part (name, file name, content type, length and SHA-256 of its bytes), so a
/// test checks what a real parser made of the bytes Courier sent.
///
/// ```swift
/// let server = try await MultipartServer.start()
/// defer { server.stop() }
/// // POST server.baseURL/upload → MultipartEcho
/// ```
///
/// Routes: `POST /upload`; `POST /flaky/<n>` (503 to the first `n` requests, then as `/upload`);
/// `GET /requests` (``MultipartServer/RecordedRequest`` of every request so far).
public final class MultipartServer: Sendable {
    /// Why the server could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong, for the test's failure message.
        public let description: String
    }

    /// One request as the server recorded it: its path, and the length and SHA-256 of its raw body.
    public struct RecordedRequest: Decodable, Sendable, Equatable {
        /// The request's path.
        public let path: String
        /// The raw body's length.
        public let length: Int
        /// The raw body's SHA-256, in hex.
        public let sha256: String
        /// The `Idempotency-Key` header, if any.
        public let idempotencyKey: String?
    }

    /// The port the server listens on.
    public let port: Int
    private let process: ChildProcess
    private let input: FileHandle

    /// Starts the server on a thread of its own and returns once it printed its port.
    ///
    /// Waiting for Python to start takes a blocking read, which must not hold one of the few
    /// threads every test's tasks share (two on a two-core machine): with several servers
    /// starting at once, every other test would stall meanwhile.
    ///
    /// - Throws: ``StartFailure`` when `python3` is missing or the script does not start: a test
    ///   that needs the server fails then, rather than passing without it.
    public static func start() async throws -> MultipartServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try MultipartServer() }) }.start()
        }
    }

    private init() throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/MultipartServer/multipart_server.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw StartFailure(description: "the multipart test server script is missing at \(script.path)")
        }
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable: "/usr/bin/env", arguments: ["python3", script.path], input: .pipe, output: .pipe)
        } catch {
            throw StartFailure(description: "cannot run python3 for the multipart test server (is Python 3 installed?): \(error)")
        }
        guard let input = process.input, let output = process.output else {
            throw StartFailure(description: "the multipart test server has no pipes")
        }
        var line = Data()
        while true {
            let byte = output.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            try? input.close()
            let ended = process.waitUntilEnded()
            throw StartFailure(description: "the multipart test server did not start: python3 missing or failing "
                + "(\(ended)); Python 3 is needed for these tests")
        }
        self.port = port
        self.process = process
        self.input = input
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops the server: closes its stdin, on which it exits. Does not wait for the exit, so that
    /// a test's `defer` blocks no shared thread.
    public func stop() {
        try? input.close()
    }
}

/// What ``MultipartServer`` answers to a `POST`: the raw body and the parts its parser found.
public struct MultipartEcho: Decodable, Sendable {
    /// One part as Python's parser read it.
    public struct Part: Decodable, Sendable, Equatable {
        /// The `name` parameter of its `Content-Disposition`.
        public let name: String?
        /// The `filename` parameter, if any.
        public let filename: String?
        /// Its `Content-Type` header as sent, if any.
        public let contentType: String?
        /// The length of its bytes.
        public let length: Int
        /// The SHA-256 of its bytes, in hex.
        public let sha256: String

        /// A part as a test expects the parser to report it.
        public init(name: String?, filename: String?, contentType: String?, length: Int, sha256: String) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.length = length
            self.sha256 = sha256
        }
    }

    /// The raw body's length.
    public let length: Int
    /// The raw body's SHA-256, in hex.
    public let sha256: String
    /// The `Content-Length` header, if any.
    public let contentLength: String?
    /// Whether the body came chunked.
    public let chunked: Bool
    /// The request's `Content-Type`.
    public let contentType: String?
    /// The `Idempotency-Key` header, if any.
    public let idempotencyKey: String?
    /// The parts, or `nil` when the parser did not see a multipart body.
    public let parts: [Part]?
    /// What the parser found wrong (empty for a well-formed body).
    public let defects: [String]
}
