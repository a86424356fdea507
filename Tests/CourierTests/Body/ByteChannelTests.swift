@testable import Courier
import Foundation
import Testing

@Suite("ByteChannel: back-pressure between a transport and a streamed body's reader")
struct ByteChannelTests {
    @Test("the producer is told to pause at the high-water mark and resumed once at most half of it is unread")
    func backPressure() async throws {
        let resumed = Locked(0)
        let channel = ByteChannel(highWater: 100, onResume: { resumed.withLock { $0 += 1 } })
        #expect(channel.offer(Data(count: 60)))
        #expect(!channel.offer(Data(count: 60)), "120 unread bytes: pause")
        var chunks = channel.body(length: nil).chunks().makeAsyncIterator()
        #expect(try await chunks.next()?.count == 60)
        #expect(resumed.withLock { $0 } == 0, "60 still unread, more than half the mark: still paused")
        #expect(try await chunks.next()?.count == 60)
        #expect(resumed.withLock { $0 } == 1, "all read: go on")
        channel.finish()
        #expect(try await chunks.next() == nil)
    }

    @Test("an async producer waits while the reader is behind")
    func asyncProducer() async throws {
        let channel = ByteChannel(highWater: 10)
        let producer = Task {
            var sent = 0
            for _ in 0..<50 where await channel.send(Data(count: 4)) { sent += 1 }
            channel.finish()
            return sent
        }
        var total = 0
        for try await chunk in channel.body(length: nil).chunks() { total += chunk.count }
        #expect(total == 200)
        #expect(await producer.value == 50)
    }

    @Test("a failure reaches the reader at its next read; a reader that stops cancels the producer")
    func failureAndCancel() async throws {
        let failing = ByteChannel()
        failing.offer(Data(count: 5))
        failing.finish(throwing: CourierError.transport(.connectionLost(message: "cut")))
        var iterator = failing.body(length: nil).chunks().makeAsyncIterator()
        await #expect(throws: CourierError.self) { _ = try await iterator.next() }

        let cancelled = Locked(false)
        let channel = ByteChannel(onCancel: { cancelled.withLock { $0 = true } })
        channel.offer(Data(count: 5))
        do {
            var reader = channel.body(length: nil).chunks().makeAsyncIterator()
            _ = try await reader.next()
        }  // the reader is dropped before the end
        #expect(cancelled.withLock { $0 })
        #expect(channel.isCancelled)
        #expect(!channel.offer(Data(count: 1)), "nothing more is taken")
    }

    @Test("a failure keeping what is buffered hands every chunk over first, to a waiting reader too, then throws")
    func failureKeepingBuffered() async throws {
        for readerWaits in [false, true] {
            let channel = ByteChannel()
            let body = channel.body(length: nil)
            let cut = CourierError.transport(.connectionLost(message: "cut"))
            let read = {
                Task { () -> ([Data], (any Error)?) in
                    var chunks: [Data] = []
                    do {
                        for try await chunk in body.chunks() { chunks.append(chunk) }
                        return (chunks, nil)
                    } catch {
                        return (chunks, error)
                    }
                }
            }
            let early = readerWaits ? read() : nil
            if readerWaits { try await Task.sleep(for: .milliseconds(50)) }  // the reader is waiting
            _ = channel.offerDeferringWake(Data([1]))
            _ = channel.offerDeferringWake(Data([2, 2]))
            channel.finish(throwing: cut, keepingBuffered: true)
            let (chunks, error) = await (early ?? read()).value
            #expect(chunks == [Data([1]), Data([2, 2])], "waiting: \(readerWaits)")
            #expect(error is CourierError, "then the failure")
        }
    }

    @Test("a reader cancelled while waiting gets CancellationError and stops the producer")
    func cancelledWhileWaiting() async throws {
        let cancelled = Locked(false)
        let channel = ByteChannel(onCancel: { cancelled.withLock { $0 = true } })
        let body = channel.body(length: nil)
        let reader = Task { for try await _ in body.chunks() {} }
        try await Task.sleep(for: .milliseconds(20))
        reader.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        #expect(cancelled.withLock { $0 })
    }

    @Test("a deferred wake-up: chunks offered while the reader waits reach it only at wakeReader, all of them, once")
    func deferredWake() async throws {
        let channel = ByteChannel(highWater: 1_000)
        let reader = Task {
            var sizes: [Int] = []
            for try await chunk in channel.body(length: nil).chunks() { sizes.append(chunk.count) }
            return sizes
        }
        // Wait until the reader is parked on an empty channel: then the first offer owes it a wake.
        var first = channel.offerDeferringWake(Data(count: 1))
        while !first.wake {
            // The reader had not parked yet and took the chunk itself; offer the next one.
            try await Task.sleep(for: .milliseconds(5))
            first = channel.offerDeferringWake(Data(count: 1))
        }
        #expect(first.goOn)
        let second = channel.offerDeferringWake(Data(count: 2))
        #expect(second.goOn && !second.wake, "one wake-up is owed already")
        channel.wakeReader()
        _ = channel.offerDeferringWake(Data(count: 3))
        channel.finish()
        let sizes = try await reader.value
        #expect(sizes.suffix(3) == [1, 2, 3])
        #expect(sizes.allSatisfy { $0 <= 3 })
    }

    @Test("the end of a body hands a reader whose wake-up was deferred the buffered chunks before the end")
    func finishHandsOverDeferredChunks() async throws {
        let channel = ByteChannel(highWater: 1_000)
        let reader = Task {
            var total = 0
            for try await chunk in channel.body(length: nil).chunks() { total += chunk.count }
            return total
        }
        var offered = 0
        var owed = false
        while !owed {
            try await Task.sleep(for: .milliseconds(5))
            owed = channel.offerDeferringWake(Data(count: 10)).wake
            offered += 10
        }
        _ = channel.offerDeferringWake(Data(count: 10))
        // The producer ends before the owed wake-up runs.
        channel.finish()
        channel.wakeReader()
        #expect(try await reader.value == offered + 10)
    }
}
