import Courier
import CourierTestServer
import Foundation
import Testing

/// Numbers the requests a route sees: 1, 2, 3…
final class RequestNumbers: Sendable {
    private let count = Locked(0)
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}

/// A new empty directory for a download, holding one `placeholder` file; removed by the caller.
func downloadDirectory() throws -> URL {
    let (_, directory) = try temporaryFile(Data(), name: "placeholder")
    return directory
}

/// Where each request's `Range: bytes=N-` starts; `nil` for a request without one.
func rangeStarts(_ server: TestServer) -> [Int?] {
    server.requests.map { request in
        request.header("Range").flatMap { Int($0.dropFirst("bytes=".count).dropLast()) }
    }
}

/// Whether `start` is where a client that kept part of the `sent` bytes after `previous` resumes:
/// past `previous`, and no further than what was sent. A transport may drop what it had buffered
/// but not handed over when the connection ends (AsyncHTTPClient does), so only URLSession, which
/// hands over every byte it read, resumes exactly at `previous + sent`.
func resumes(_ start: Int?, after previous: Int = 0, sent: Int, on transport: TransportUnderTest) -> Bool {
    guard let start else { return false }
    return transport == .urlSession ? start == previous + sent : start > previous && start <= previous + sent
}

/// The names of the files in `directory`, sorted.
func filesIn(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// Runs `body` with a server whose `/file` route gives `answer(number, request)` (requests
/// numbered from 1), a client that makes up to four further requests for a download, and a
/// destination in a new directory, removed afterwards.
func withDownloadServer(
    _ transport: TransportUnderTest,
    answer: @escaping @Sendable (_ number: Int, _ request: TestServer.Request) -> TestServer.Response,
    _ body: (_ server: TestServer, _ client: Client, _ destination: URL) async throws -> Void
) async throws {
    let directory = try downloadDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let destination = directory.appendingPathComponent("download.bin")
    let numbers = RequestNumbers()
    try await withServer(transport, routes: {
        $0.route(.get, "/file") { request in answer(numbers.next(), request) }
    }, service: { $0.downloadResumption = .attempts(4) }) { server, client in
        try await body(server, client, destination)
    }
}

@Suite("Every transport finishes an interrupted download: resumed with a range, or started over")
struct DownloadResumeConformanceTests {
    static let payload = patterned(600_000)
    static let etag = "\"v1\""

    @Test("a body cut short of its Content-Length resumes from the bytes kept, with Range and If-Range", arguments: TransportUnderTest.allCases)
    func resumesWithRange(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        let numbers = RequestNumbers()
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { request in
                // Cut twice, so that a resumed body cut short resumes again.
                let ending: TestServer.Response.DownloadEnding = switch numbers.next() {
                case 1: .cut(after: 200_000)
                case 2: .cut(after: 150_000)
                default: .whole
                }
                return .download(Self.payload, for: request, etag: Self.etag, ending: ending)
            }
        }) { server, client in
            let progress = Locked<[TransferProgress]>([])
            var request = Request(method: .get, path: "/file", decoding: .file(to: destination))
            request.onProgress = { report in progress.withLock { $0.append(report) } }
            let url = try await client.send(request)
            // Progress counts the bytes kept: it never goes back, and ends at the whole file.
            let received = progress.withLock { $0 }.filter { $0.direction == .download }.map(\.completedBytes)
            #expect(received == received.sorted())
            #expect(received.last == Self.payload.count)
            #expect(url == destination)
            #expect(try Data(contentsOf: destination) == Self.payload)
            #expect(try filesIn(directory) == ["download.bin", "placeholder"])
            // Each further request asks for what had not been kept, from where the file ends:
            // the server sends only the rest (the file would not match otherwise).
            let starts = rangeStarts(server)
            #expect(starts.count == 3)
            #expect(starts.first == .some(nil))
            #expect(resumes(starts[1], sent: 200_000, on: transport), "\(starts)")
            #expect(resumes(starts[2], after: starts[1] ?? 0, sent: 150_000, on: transport), "\(starts)")
            #expect(server.requests.dropFirst().map { $0.header("If-Range") } == [Self.etag, Self.etag])
        }
    }

    @Test("a chunked body whose connection drops resumes with its Last-Modified date", arguments: TransportUnderTest.allCases)
    func resumesDroppedChunkedBody(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        let date = "Tue, 24 Nov 2026 10:00:00 GMT"
        let numbers = RequestNumbers()
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { request in
                let ending: TestServer.Response.DownloadEnding = numbers.next() == 1 ? .cut(after: 250_000) : .whole
                return .download(Self.payload, for: request, lastModified: date, chunked: true, ending: ending)
            }
        }) { server, client in
            _ = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: destination) == Self.payload)
            #expect(try filesIn(directory) == ["download.bin", "placeholder"])
            let starts = rangeStarts(server)
            #expect(starts.count == 2 && resumes(starts[1], sent: 250_000, on: transport), "\(starts)")
            #expect(server.requests.last?.header("If-Range") == date)
        }
    }

    @Test("a connection reset mid-body resumes from the bytes kept", arguments: TransportUnderTest.allCases)
    func resumesAfterReset(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        let numbers = RequestNumbers()
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { request in
                .download(Self.payload, for: request, etag: Self.etag, ending: numbers.next() == 1 ? .reset(after: 120_000) : .whole)
            }
        }) { server, client in
            _ = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: destination) == Self.payload)
            #expect(try filesIn(directory) == ["download.bin", "placeholder"])
            let starts = rangeStarts(server)
            #expect(starts.count == 2 && resumes(starts[1], sent: 120_000, on: transport), "\(starts)")
        }
    }

    @Test("a server that ignores Range answers 200, and the file starts over", arguments: TransportUnderTest.allCases)
    func restartsWithoutRangeSupport(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        let numbers = RequestNumbers()
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { request in
                let ending: TestServer.Response.DownloadEnding = numbers.next() == 1 ? .cut(after: 300_000) : .whole
                return .download(Self.payload, for: request, etag: Self.etag, ranges: false, ending: ending)
            }
        }) { server, client in
            _ = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: destination) == Self.payload)
            #expect(try filesIn(directory) == ["download.bin", "placeholder"])
            let starts = rangeStarts(server)
            #expect(starts.count == 2 && resumes(starts[1], sent: 300_000, on: transport), "it asked; the server sent all of it")
        }
    }

    @Test("a representation changed between attempts fails If-Range: the file holds the new one", arguments: TransportUnderTest.allCases)
    func validatorChanged(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        let newer = Data(patterned(450_000).reversed())
        let numbers = RequestNumbers()
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { request in
                numbers.next() == 1
                    ? .download(Self.payload, for: request, etag: Self.etag, ending: .cut(after: 200_000))
                    : .download(newer, for: request, etag: "\"v2\"")
            }
        }) { server, client in
            _ = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: destination) == newer)
            #expect(try filesIn(directory) == ["download.bin", "placeholder"])
            #expect(server.requests.last?.header("If-Range") == Self.etag)
        }
    }

    @Test("a 206 for another range, or a 416, starts the file over", arguments: TransportUnderTest.allCases)
    func restartsAfterUnusableRange(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        let numbers = RequestNumbers()
        let payload = Self.payload
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { request in
                switch numbers.next() {
                case 1, 3: return .download(payload, for: request, etag: Self.etag, ending: .cut(after: 100_000))
                case 2:
                    // A 206 from byte 10 while bytes from 100000 were asked for.
                    let rest = payload[10...]
                    return TestServer.Response(status: 206, headers: [
                        .init(name: "Content-Range", value: "bytes 10-\(payload.count - 1)/\(payload.count)"),
                        .init(name: "ETag", value: Self.etag),
                    ], body: Data(rest))
                case 4: return TestServer.Response(status: 416, headers: [.init(name: "Content-Range", value: "bytes */1")])
                default: return .download(payload, for: request, etag: Self.etag)
                }
            }
        }, service: { $0.downloadResumption = .attempts(4) }) { server, client in
            _ = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: destination) == payload)
            #expect(try filesIn(directory) == ["download.bin", "placeholder"])
            let starts = rangeStarts(server)
            #expect(starts.count == 5 && starts[0] == nil && starts[2] == nil && starts[4] == nil, "\(starts)")
            #expect(starts.count == 5 && resumes(starts[1], sent: 100_000, on: transport) && resumes(starts[3], sent: 100_000, on: transport))
        }
    }

    @Test("a 206 whose range ends at the largest offset, of an unknown total, starts the file over", arguments: TransportUnderTest.allCases)
    func restartsAfterEndlessRange(_ transport: TransportUnderTest) async throws {
        let payload = Self.payload
        try await withDownloadServer(transport, answer: { number, request in
            switch number {
            case 1: return .download(payload, for: request, etag: Self.etag, ending: .cut(after: 100_000))
            case 2:
                // The range asked for, but claimed to run to Int.max: one past it overflows.
                let start = request.header("Range").flatMap { Int($0.dropFirst("bytes=".count).dropLast()) } ?? 0
                return TestServer.Response(status: 206, headers: [
                    .init(name: "Content-Range", value: "bytes \(start)-\(Int.max)/*"),
                    .init(name: "ETag", value: Self.etag),
                ], body: Data(payload[start...]))
            default: return .download(payload, for: request, etag: Self.etag)
            }
        }) { server, client, destination in
            _ = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: destination) == payload)
            let starts = rangeStarts(server)
            #expect(starts.count == 3 && starts[0] == nil && starts[1] != nil && starts[2] == nil, "\(starts)")
        }
    }

    @Test("with resumption disabled a dropped body fails at once and leaves no file", arguments: TransportUnderTest.allCases)
    func disabled(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { .download(Self.payload, for: $0, etag: Self.etag, ending: .cut(after: 200_000)) }
        }) { server, client in
            var request = Request(method: .get, path: "/file", decoding: .file(to: destination))
            request.downloadResumption = .disabled
            let error = await failure(of: request, on: client).error
            guard case .connectionLost? = transportFailure(error) else {
                Issue.record("expected .connectionLost, got \(String(describing: error))")
                return
            }
            #expect(server.requestCount == 1)
            let left = try filesIn(directory)
            #expect(left == ["placeholder"])
            let stillOpen = try await OpenDescriptors.awaitNone(containing: directory.path)
            #expect(stillOpen == 0, "descriptors left open on the download")
        }
    }

    @Test("the further requests are bounded; when they are used up the call fails and leaves no file", arguments: TransportUnderTest.allCases)
    func bounded(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { .download(Self.payload, for: $0, etag: Self.etag, ending: .cut(after: 1_000)) }
        }, service: { $0.downloadResumption = .attempts(2) }) { server, client in
            let error = await failure(of: Request(method: .get, path: "/file", decoding: .file(to: destination)), on: client).error
            guard case .connectionLost? = transportFailure(error) else {
                Issue.record("expected .connectionLost, got \(String(describing: error))")
                return
            }
            let starts = rangeStarts(server)
            #expect(starts.count == 3 && starts[0] == nil, "\(starts)")
            #expect(starts.count == 3 && resumes(starts[1], sent: 1_000, on: transport), "\(starts)")
            #expect((error as? CourierError)?.call?.attempt == 3)
            let left = try filesIn(directory)
            #expect(left == ["placeholder"])
            let stillOpen = try await OpenDescriptors.awaitNone(containing: directory.path)
            #expect(stillOpen == 0, "descriptors left open on the download")
        }
    }

    @Test("each further request runs through the wares again: credentials are applied anew", arguments: TransportUnderTest.allCases)
    func wares(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        let numbers = RequestNumbers()
        let tokens = RequestNumbers()
        let signer = Middleware(position: .authentication) { request, _ in
            var request = request
            request.http.headerFields[.authorization] = "Bearer token-\(tokens.next())"
            return .proceed(request)
        }
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { request in
                .download(Self.payload, for: request, etag: Self.etag, ending: numbers.next() == 1 ? .cut(after: 5_000) : .whole)
            }
        }, wares: [signer]) { server, client in
            _ = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(server.requests.map { $0.header("Authorization") } == ["Bearer token-1", "Bearer token-2"])
            #expect(try Data(contentsOf: destination) == Self.payload)
        }
    }

    @Test("cancelling the calling task mid-body removes the partial file", arguments: TransportUnderTest.allCases)
    func cancellation(_ transport: TransportUnderTest) async throws {
        let directory = try downloadDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        try await withServer(transport, routes: {
            $0.route(.get, "/file") { .download(Self.payload, for: $0, etag: Self.etag, ending: .stall(after: 100_000)) }
        }) { _, client in
            // Removed before the call returns, whether the download could be resumed or not.
            for resumption in [nil, DownloadResumption.disabled] {
                var request = Request(method: .get, path: "/file", decoding: .file(to: destination))
                request.downloadResumption = resumption
                try await cancelMidBody(request, on: client, leaving: directory)
            }
        }
    }

    /// Starts `request`, waits for its partial file to fill up in `directory`, cancels the call
    /// and expects `CancellationError` and nothing left but the placeholder.
    private func cancelMidBody(_ request: Request<URL>, on client: Client, leaving directory: URL) async throws {
        let call = Task { try await client.send(request) }
        // The partial file beside the destination fills up while the server holds the rest.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)  // room for the start-of-run stall
        var partial: [String] = []
        while clock.now < deadline {
            partial = try filesIn(directory).filter { name in
                let size = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as? Int
                return name != "placeholder" && (size ?? 0) > 0
            }
            if !partial.isEmpty { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(partial.count == 1, "the body started arriving in a partial file")
        call.cancel()
        let result = await call.result
        guard case .failure(let error) = result, error is CancellationError else {
            Issue.record("expected CancellationError, got \(result)")
            return
        }
        #expect(try filesIn(directory) == ["placeholder"], "resumption \(String(describing: request.downloadResumption))")
        let stillOpen = try await OpenDescriptors.awaitNone(containing: directory.path)
        #expect(stillOpen == 0, "descriptors left open on the download")
    }
}
