import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// An upload the server reads whole and answers at once with an error status and no body, while
/// the client has not yet said that its body ended: the whole answer reaches the client first.
/// The call ends with that answer. (AsyncHTTPClient 1.37, in that order, fails its task without
/// telling the delegate; the call used to wait for ever, past its timeout.)
@Suite("Conformance: an upload answered with an error before its body is declared ended")
struct AnsweredUploadConformanceTests {
    @Test("a streamed upload answered 503 once all its bytes arrived, before the stream ended, ends with the 503",
          .timeLimit(.minutes(1)), arguments: TransportUnderTest.allCases)
    func answeredBeforeTheStreamEnds(_ transportUnderTest: TransportUnderTest) async throws {
        let contents = PatternedBytes.make(300_000)
        try await withServer(
            transportUnderTest, routes: {
                // No body: the answer's end comes with its head.
                $0.route(.put, "/upload") { _ in TestServer.Response(status: 503) }
            },
            service: { $0.timeout = .seconds(10) }
        ) { server, client in
            for call in 0..<3 {
                // A streamed answer, so that the upload goes out as it is read on every
                // transport (through AsyncHTTPClient's delegate API).
                var request = Request<HTTPBody>(method: .put, path: "/upload")
                // Every byte goes out at once; the stream says it ended 300 ms later, well after
                // the server has answered.
                request.body = .stream(
                    LateEndingChunks(data: contents, size: 64 << 10, endDelay: .milliseconds(300)), length: contents.count,
                    contentType: "application/octet-stream")
                let (error, elapsed) = await failure(of: request, on: client)
                let answered = try #require(error as? CourierError, "call \(call): \(String(describing: error))")
                #expect(answered.status == .serviceUnavailable, "call \(call): \(answered)")
                #expect(elapsed < .seconds(5), "call \(call) took \(elapsed)")
            }
            #expect(server.requests.count == 3)
            #expect(server.requests.allSatisfy { $0.body == contents }, "every upload arrived whole")
        }
    }
}

/// `data` in chunks of `size` bytes, all at once, then the end only after `endDelay`.
private struct LateEndingChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data
    let size: Int
    let endDelay: Duration

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: Data
        let size: Int
        let endDelay: Duration

        mutating func next() async throws -> Data? {
            guard rest.isEmpty else {
                defer { rest = rest.dropFirst(size) }
                return rest.prefix(size)
            }
            try await Task.sleep(for: endDelay)
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rest: data, size: size, endDelay: endDelay)
    }
}
