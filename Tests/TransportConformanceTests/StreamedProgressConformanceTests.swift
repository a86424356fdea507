import Courier
import CourierTestServer
import Foundation
import Testing

/// `sequence`'s reports gathered until it ends, or `nil` when it has not ended within `limit`
/// (a sequence that never ends would otherwise hang the test).
private func reports(of sequence: ProgressUpdates, endingWithin limit: Duration) async -> [TransferProgress]? {
    await withTaskGroup(of: [TransferProgress]?.self) { group in
        group.addTask { await sequence.reduce(into: []) { $0.append($1) } }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

@Suite("Progress of a streamed download follows the body the caller reads")
struct StreamedProgressConformanceTests {
    static let payload = patterned(2 << 20 + 4_321)

    @Test("the async sequence runs until the streamed body is read, and ends at 100%", arguments: TransportUnderTest.allCases)
    func readToTheEnd(_ transport: TransportUnderTest) async throws {
        let payload = Self.payload
        try await withServer(transport, routes: { $0.route(.get, "/big") { _ in TestServer.Response(status: 200, body: payload) } }) { _, client in
            var request = Request<HTTPBody>(method: .get, path: "/big")
            let updates = ProgressUpdates()
            request.progressUpdates = updates
            let handed = Locked<[TransferProgress]>([])
            request.onProgress = { progress in handed.withLock { $0.append(progress) } }
            async let seen = reports(of: updates, endingWithin: .seconds(60))
            let body = try await client.send(request)
            var received = 0
            for try await chunk in body.chunks() { received += chunk.count }
            let reports = await seen
            #expect(received == payload.count)
            let downloads = try #require(reports?.filter { $0.direction == .download }, "the sequence ended")
            #expect(downloads.last?.completedBytes == payload.count, "it saw the body to its end: \(downloads.suffix(2))")
            #expect(downloads.count >= 2, "reports while the body was read, not only at its head")
            #expect(reports == handed.withLock { $0 }, "the same reports as onProgress")
        }
    }

    @Test("the async sequence ends when the caller stops reading or never reads", arguments: TransportUnderTest.allCases)
    func abandoned(_ transport: TransportUnderTest) async throws {
        let payload = Self.payload
        try await withServer(transport, routes: { $0.route(.get, "/big") { _ in TestServer.Response(status: 200, body: payload) } }) { _, client in
            // Stops after the first chunk.
            var request = Request<HTTPBody>(method: .get, path: "/big")
            let partly = ProgressUpdates()
            request.progressUpdates = partly
            async let partlySeen = reports(of: partly, endingWithin: .seconds(30))
            do {
                let body = try await client.send(request)
                var iterator = body.chunks().makeAsyncIterator()
                _ = try await iterator.next()
            }
            let partlyReports = await partlySeen
            #expect(partlyReports != nil, "the sequence ended when the reader went away")

            // Never read.
            let never = ProgressUpdates()
            request.progressUpdates = never
            async let neverSeen = reports(of: never, endingWithin: .seconds(30))
            do {
                let body = try await client.send(request)
                #expect(body.isStream)
            }
            let neverReports = await neverSeen
            #expect(neverReports != nil, "the sequence ended when the unread body went away")
        }
    }
}
