// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
@testable import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import Testing

// The blocks a streamed body is copied into on the event loop. What they save is measured by
// `transport-probe bulk-downloads` (Benchmarks/README.md), not here.
@Suite("Pooled blocks for streamed response bodies")
struct BlockPoolTests {
    private static let size = BlockPool.blockSize

    /// Appends `bytes` to `filler` in parts of `part` bytes, collecting the blocks it emits.
    private static func feed(_ bytes: Data, in part: Int, to filler: inout BlockFiller) -> [Data] {
        var emitted: [Data] = []
        var offset = 0
        while offset < bytes.count {
            let slice = bytes[offset..<min(offset + part, bytes.count)]
            slice.withUnsafeBytes { filler.append($0) { emitted.append($0) } }
            offset += slice.count
        }
        return emitted
    }

    @Test("parts that straddle blocks come out as full blocks, then the rest, byte for byte")
    func straddling() {
        let pool = BlockPool()
        var filler = BlockFiller(pool: pool)
        let bytes = PatternedBytes.make(2 * Self.size + Self.size * 3 / 4)
        var out = Self.feed(bytes, in: 65_521, to: &filler)
        #expect(out.map(\.count) == [Self.size, Self.size])
        let rest = filler.flush()
        #expect(rest?.count == Self.size * 3 / 4)
        out += rest.map { [$0] } ?? []
        #expect(out.reduce(Data(), +) == bytes)
        #expect(filler.flush() == nil, "nothing twice")
    }

    @Test("a block is given back when the reader drops the last Data made from it, and reused")
    func givenBack() {
        let pool = BlockPool()
        var filler = BlockFiller(pool: pool)
        var first: Data? = Self.feed(PatternedBytes.make(Self.size), in: Self.size, to: &filler).first
        #expect(first?.count == Self.size && pool.freeCount == 0)
        var copy = first
        first = nil
        withExtendedLifetime(copy) {
            #expect(pool.freeCount == 0, "a copy of the Data still holds the block")
        }
        copy = nil
        #expect(pool.freeCount == 1, "the last Data released gave the block back")
        let again = Self.feed(Data(repeating: 7, count: Self.size), in: 1000, to: &filler)
        #expect(pool.freeCount == 0, "and the next body took it")
        #expect(again.first == Data(repeating: 7, count: Self.size), "holding the new bytes only")
    }

    @Test("a turn's few bytes are handed over as a copy, and the block stays for the next parts")
    func smallPartsCopied() {
        let pool = BlockPool()
        var filler = BlockFiller(pool: pool)
        var handed: [Data] = []
        for index in 0..<200 {
            #expect(Self.feed(Data("event \(index)\n".utf8), in: 100, to: &filler).isEmpty)
            if let rest = filler.flush() { handed.append(rest) }
        }
        #expect(handed.count == 200)
        #expect(handed[42] == Data("event 42\n".utf8))
        filler.discard()
        #expect(pool.freeCount == 1, "one block served all 200 events, and went back")
    }

    @Test("a block at least half full is handed over itself, not copied")
    func halfFullHandedOver() {
        let pool = BlockPool()
        var filler = BlockFiller(pool: pool)
        _ = Self.feed(PatternedBytes.make(Self.size / 2), in: 4096, to: &filler)
        var rest = filler.flush()
        #expect(rest?.count == Self.size / 2)
        filler.discard()
        #expect(pool.freeCount == 0, "the block went with the Data")
        rest = nil
        #expect(pool.freeCount == 1)
    }

    @Test("the pool keeps at most its capacity of free blocks")
    func capacity() {
        let pool = BlockPool(capacity: 2)
        let blocks = (0..<5).map { _ in pool.take() }
        for block in blocks { pool.give(block) }
        #expect(pool.freeCount == 2)
    }

    @Test("a streamed download over a socket arrives byte for byte, in parts of every size, and its blocks come back")
    func streamedDownload() async throws {
        let bytes = PatternedBytes.make(3 * Self.size + 12_345)
        let server = try TestServer()
        // Written in uneven pieces with pauses, so the reader sees whole blocks, turn-end rests
        // and small copies in one body.
        let response = piecewiseBody(bytes, pieces: [100, Self.size + 5, 7, Self.size * 2 - 20_000, 40_000], pause: .milliseconds(30))
        server.route(.get, "/pattern") { _ in response }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "blocks", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)
        let outcome = await Result(catching: {
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/pattern"))
            var received = Data()
            for try await chunk in body.chunks() { received += chunk }
            return received
        })
        try await transport.shutdown()
        #expect(try outcome.get() == bytes)
        #expect(transport.blocks.freeCount >= 1, "every block the body used is free again")
    }

    @Test("a reader that holds still stops the transfer even when parts come too slowly to fill a block in one turn")
    func backPressureWithSlowParts() async throws {
        // 16 MB in 160 KB writes 3 ms apart: each turn of the event loop sees less than a block
        // but more than half of one, which the turn's hand-over passes on whole; only those
        // hand-overs fill the channel, and that must pause the connection too.
        let piece = [UInt8](repeating: 7, count: 160 << 10)
        let pieces = 100
        var steps: [TestServer.Response.Step] = [.text("HTTP/1.1 200 OK\r\nContent-Length: \(pieces * piece.count)\r\n\r\n")]
        for _ in 0..<pieces { steps += [.send(piece), .pause(.milliseconds(3))] }
        let script = steps
        let server = try TestServer()
        server.route(.get, "/slow") { _ in .raw(script) }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "blocks", baseURL: server.baseURL, timeout: .seconds(60)), transport: transport)
        let outcome = await Result(catching: {
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/slow"))
            var iterator = body.chunks().makeAsyncIterator()
            var count = try await iterator.next()?.count ?? 0
            // Holding still while the server could send all of it (about 0.4 s).
            try await Task.sleep(for: .seconds(2))
            let held = transport.blocks.peakOutstanding
            while let chunk = try await iterator.next() { count += chunk.count }
            return (count, held)
        })
        try await transport.shutdown()
        let (count, held) = try outcome.get()
        #expect(count == pieces * piece.count)
        // The channel's 1 MB high-water mark in blocks at least half full, the block being filled
        // and one more: about 10. Without the pause, the 16 MB: about 100.
        #expect(held <= 12, "\(held) blocks held while the reader stood still")
    }
}
#endif
