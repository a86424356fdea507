import Courier
import CourierTesting
import Foundation
import Testing

/// Collects what reaches the caller.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [TransferProgress] = []
    var all: [TransferProgress] { lock.withLock { list } }
    func add(_ progress: TransferProgress) { lock.withLock { list.append(progress) } }
}

@Suite("StubTransport simulates upload and download progress on the injected clock")
struct StubProgressTests {
    @Test("an upload paced at 64 KB per 100 ms reports step by step as a ManualClock moves, then the download's 100%")
    func pacedUploadAndDownload() async throws {
        let clock = ManualClock()
        let stub = StubTransport(uploadChunkSize: 64 * 1024, uploadInterval: .milliseconds(100))
        stub.on(.post, "/photos", reply: .chunks([Data(count: 1000), Data(count: 1000)]))
        let client = try Client(
            service: ServiceConfiguration(name: "stub", baseURL: URL(string: "https://api.example.com")!),
            transport: stub, clock: clock, wallClock: clock.wallClock)
        var form = MultipartForm(boundary: "b")
        form.addFile("photo", UploadFile(data: Data(count: 256 * 1024), fileName: "p.jpg"))
        var request = Request<Data>(method: .post, path: "/photos")
        request.body = .multipart(form)
        let reports = Reports()
        request.onProgress = reports.add
        let call = Task { try await client.send(request) }

        var uploaded: [Int] = []
        for step in 1...5 {
            #expect(await clock.waitForSleepers(1), "step \(step) waits on the clock")
            #expect(reports.all.count == step - 1, "nothing moves before the clock does")
            clock.advance(by: .milliseconds(100))
            try await waitUntil { reports.all.count >= step }
        }
        let uploads = reports.all.filter { $0.direction == .upload }
        uploaded = uploads.map(\.completedBytes)
        let total = try #require(uploads.last?.totalBytes)
        #expect(uploaded == [65_536, 131_072, 196_608, 262_144, total], "each paced step is one report, the last one 100%")
        let body = try await call.value
        #expect(body.count == 2000)
        let downloads = reports.all.filter { $0.direction == .download }
        #expect(downloads.last?.completedBytes == 2000 && downloads.last?.totalBytes == 2000)
        #expect(stub.requests.first?.body?.data?.count == total)
    }

    @Test("a paced upload that outlasts the call's timeout times out at the timeout, as on the network")
    func pacedUploadPastTheTimeout() async throws {
        let clock = ManualClock()
        let stub = StubTransport(uploadChunkSize: 1024, uploadInterval: .seconds(1))
        stub.on(.post, "/up", reply: .status(.ok))
        let client = try Client(
            service: ServiceConfiguration(name: "stub", baseURL: URL(string: "https://api.example.com")!, timeout: .seconds(5)),
            transport: stub, clock: clock, wallClock: clock.wallClock)
        var request = Request<Void>(method: .post, path: "/up")
        request.body = .data(Data(count: 10 * 1024), contentType: "application/octet-stream")
        let call = Task { try await client.send(request) }
        var moved = Duration.zero
        // Until the 5 s timeout the call always sleeps on the clock (pacing, or its deadline):
        // a long wait there is only a guard for a loaded machine. After it, a short wait finds
        // that nothing sleeps any more. If the call stops sleeping early, it is cancelled and
        // the test fails, rather than waiting for a clock that never moves again.
        while moved < .seconds(12),
              await clock.waitForSleepers(1, timeout: moved < .seconds(5) ? .seconds(30) : .seconds(2)) {
            let wait = clock.pendingWaits.first ?? .seconds(1)
            clock.advance(by: wait)
            moved += wait
        }
        if moved < .seconds(5) {
            call.cancel()
            Issue.record("the call stopped sleeping on the clock after \(moved), before its 5 s timeout")
        }
        let result = await call.result
        guard case .failure(let error as CourierError) = result, case .transport(.timedOut(after: .seconds(5))) = error.reason else {
            Issue.record("expected a timeout at 5 s, got \(result) after \(moved)")
            return
        }
        #expect(moved == .seconds(5), "it ended at the timeout, not when the upload would have")
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("condition not met within 30 s")
    }
}
