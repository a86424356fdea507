import Courier
import CourierTestServer
import Foundation
import Testing

/// Where a request's `Range: bytes=N-` starts, or 0.
private func rangeStart(_ request: TestServer.Request) -> Int {
    request.header("Range").flatMap { Int($0.dropFirst("bytes=".count).dropLast()) } ?? 0
}

/// A `206` of `body`, the bytes from `start` to `last` of a representation of `total` bytes tagged
/// `etag`, whatever the request asked for.
private func partial(_ body: Data, from start: Int, to last: Int, of total: Int, etag: String) -> TestServer.Response {
    TestServer.Response(status: 206, headers: [
        .init(name: "Content-Range", value: "bytes \(start)-\(last)/\(total)"),
        .init(name: "ETag", value: etag),
    ], body: body)
}

@Suite("A resumed download is the whole of one version of the file, or the call fails")
struct DownloadResumeValidationConformanceTests {
    static let payload = patterned(600_000)
    static let etag = "\"v1\""

    @Test("a 206 shorter than the rest asked for (a server capping ranges) is continued, not saved as the whole file", arguments: TransportUnderTest.allCases)
    func shortPartialContentContinues(_ transport: TransportUnderTest) async throws {
        let payload = Self.payload
        try await withDownloadServer(transport, answer: { number, request in
            switch number {
            case 1: return .download(payload, for: request, etag: Self.etag, ending: .cut(after: 200_000))
            case 2:
                let start = rangeStart(request)
                return partial(Data(payload[start..<start + 50_000]), from: start, to: start + 49_999, of: payload.count, etag: Self.etag)
            default: return .download(payload, for: request, etag: Self.etag)
            }
        }) { _, client, destination in
            let url = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: url) == payload, "the file is the whole payload, not its first part")
        }
    }

    @Test("a 206 of another version (its ETag not the If-Range one) starts the file over", arguments: TransportUnderTest.allCases)
    func partialContentOfAnotherVersion(_ transport: TransportUnderTest) async throws {
        let payload = Self.payload
        let newer = Data(patterned(450_000).reversed())
        try await withDownloadServer(transport, answer: { number, request in
            switch number {
            case 1: return .download(payload, for: request, etag: Self.etag, ending: .cut(after: 200_000))
            case 2:
                // A server that ignores If-Range.
                let start = rangeStart(request)
                return partial(Data(newer[start...]), from: start, to: newer.count - 1, of: newer.count, etag: "\"v2\"")
            default: return .download(newer, for: request, etag: "\"v2\"")
            }
        }) { _, client, destination in
            let url = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: url) == newer, "one version, not the old one's start and the new one's rest")
        }
    }

    @Test("a weak ETag never lets the Last-Modified date stand in for it: the file starts over", arguments: TransportUnderTest.allCases)
    func weakETagRestarts(_ transport: TransportUnderTest) async throws {
        let first = Self.payload
        let second = Data(first.reversed())
        let date = "Sun, 29 Nov 2026 06:00:00 GMT"
        try await withDownloadServer(transport, answer: { number, request in
            // Rewritten within the same second: the date is the same, the weak ETag not.
            number == 1
                ? .download(first, for: request, etag: "W/\"a\"", lastModified: date, ending: .cut(after: 200_000))
                : .download(second, for: request, etag: "W/\"b\"", lastModified: date)
        }) { server, client, destination in
            let url = try await client.send(Request(method: .get, path: "/file", decoding: .file(to: destination)))
            #expect(try Data(contentsOf: url) == second)
            #expect(server.requests.dropFirst().allSatisfy { $0.header("If-Range") == nil && $0.header("Range") == nil })
        }
    }
}
