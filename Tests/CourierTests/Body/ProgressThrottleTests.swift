@testable import Courier
import CourierTestServer
import Foundation
import Testing

/// Collects what reaches the caller.
private final class Reports: Sendable {
    private let list = Locked<[TransferProgress]>([])
    var all: [TransferProgress] { list.withLock { $0 } }
    func add(_ progress: TransferProgress) { list.withLock { $0.append(progress) } }
}

/// A settable time for the throttle.
private final class Now: Sendable {
    private let value = Locked(Duration.zero)
    var current: Duration { value.withLock { $0 } }
    func advance(_ by: Duration) { value.withLock { $0 += by } }
}

@Suite("ProgressThrottle: at least every 1% or 256 KB, at most ~60 a second, monotonic, ending at 100%")
struct ProgressThrottleTests {
    private func throttle() -> (ProgressThrottle, Reports, Now) {
        let reports = Reports()
        let now = Now()
        return (ProgressThrottle(handler: reports.add, updates: nil, now: { now.current }), reports, now)
    }

    @Test("a flood of tiny reports in no time passes only the first and the last")
    func rateLimit() {
        let (throttle, reports, _) = throttle()
        for sent in stride(from: 0, through: 1 << 20, by: 1024) { throttle.sink.sent(sent, of: 1 << 20) }
        #expect(reports.all.map(\.completedBytes) == [0, 1 << 20])
    }

    @Test("with time passing, a report per 1% of a small body and per 256 KB of a large one")
    func steps() {
        let (small, smallReports, smallNow) = throttle()
        for sent in stride(from: 0, through: 1_000_000, by: 1000) {
            smallNow.advance(.milliseconds(20))
            small.sink.sent(sent, of: 1_000_000)
        }
        let smallSteps = smallReports.all.map(\.completedBytes)
        #expect(smallSteps.count == 101)
        #expect(zip(smallSteps, smallSteps.dropFirst()).allSatisfy { $1 - $0 == 10_000 })

        let (large, largeReports, largeNow) = throttle()
        let total = 64 << 20
        for sent in stride(from: 0, through: total, by: 64 << 10) {
            largeNow.advance(.milliseconds(20))
            large.sink.received(sent, of: total)
        }
        let largeSteps = largeReports.all.map(\.completedBytes)
        #expect(largeSteps.count == total / (256 << 10) + 1)
        #expect(largeSteps.last == total && largeReports.all.allSatisfy { $0.direction == .download })
    }

    @Test("a slow transfer still reports after half a second, and reports never go back (a retry starting over)")
    func quietAndMonotonic() {
        let (throttle, reports, now) = throttle()
        throttle.sink.sent(0, of: 1 << 30)
        now.advance(.milliseconds(600))
        throttle.sink.sent(100, of: 1 << 30)
        now.advance(.seconds(1))
        throttle.sink.sent(50, of: 1 << 30)       // a second attempt
        now.advance(.seconds(1))
        throttle.sink.sent(150, of: 1 << 30)
        #expect(reports.all.map(\.completedBytes) == [0, 100, 150])
    }

    @Test("a call that succeeds ends each direction with a 100% report; an unknown total becomes the count")
    func completion() {
        let (throttle, reports, now) = throttle()
        throttle.sink.sent(0, of: 5_000)
        throttle.sink.sent(4_000, of: 5_000)      // held back: too soon
        throttle.sink.received(10, of: nil)
        now.advance(.milliseconds(1))
        throttle.sink.received(3_000, of: nil)    // held back: too soon
        throttle.complete(upload: .bytes(Data(count: 5_000)), download: .bytes(Data(count: 3_000)))
        let all = reports.all
        #expect(all.filter { $0.direction == .upload }.map(\.completedBytes) == [0, 5_000])
        #expect(all.last(where: { $0.direction == .upload })?.totalBytes == 5_000)
        #expect(all.filter { $0.direction == .download }.map { [$0.completedBytes, $0.totalBytes ?? -1] } == [[10, -1], [3_000, 3_000]])
        throttle.complete(upload: .bytes(Data(count: 5_000)), download: .bytes(Data(count: 3_000)))
        #expect(reports.all.count == all.count, "the final report comes once")
    }
}

@Suite("Progress on a real transport: monotonic, throttled, ending at 100%, as closure and as async sequence")
struct TransportProgressTests {
    @Test("a multipart upload of 8 MB on URLSession reports monotonic progress ending at 100%, a bounded number of times")
    func urlSessionUpload() async throws {
        let size = 8 << 20
        let file = try temporaryFile(patternedBytes(size), name: "big.bin")
        defer { removeTemporaryFile(file) }
        var form = MultipartForm()
        form.add("title", "big")
        form.addFile("file", UploadFile(url: file))
        let reports = Reports()
        var request = multipartPost(form)
        request.onProgress = reports.add
        let updates = ProgressUpdates()
        request.progressUpdates = updates
        let clock = ContinuousClock()
        let start = clock.now
        try await withMultipartServer { _, client in
            async let seen: [TransferProgress] = updates.reduce(into: []) { $0.append($1) }
            let echo = try await client.send(request)
            let elapsed = clock.now - start
            let streamed = await seen
            #expect(echo.parts?.last?.length == size)
            let uploads = reports.all.filter { $0.direction == .upload }
            try checkProgress(uploads, total: echo.length, elapsed: elapsed)
            #expect(streamed == reports.all, "the async sequence gets the same reports, and ends with the call")
            #expect(reports.all.last(where: { $0.direction == .download })?.fractionCompleted == 1)
        }
    }
}

/// Checks `reports` of one direction: monotonic, ending at `total` of `total`, and no more of them
/// than the throttle allows (a step of 1% or 256 KB, plus one per half second of a quiet transfer).
func checkProgress(_ reports: [TransferProgress], total: Int, elapsed: Duration) throws {
    let counts = reports.map(\.completedBytes)
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic: \(counts)")
    let last = try #require(reports.last)
    #expect(last.completedBytes == total && last.totalBytes == total, "ends at 100%")
    let step = min(total / 100, 256 << 10)
    let quiet = Int(elapsed / .milliseconds(500)) + 1
    #expect(reports.count <= total / step + 2 + quiet, "throttled: \(reports.count) reports")
    #expect(reports.count >= 2, "reports along the way, not only the end")
}
