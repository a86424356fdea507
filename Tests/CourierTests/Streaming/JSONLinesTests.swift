import Courier
import Foundation
import Testing

private struct Entry: Decodable, Sendable, Equatable {
    var n: Int
    var note: String
}

@Suite("JSON Lines: the parser and the decoded sequence")
struct JSONLinesTests {
    /// The parser's elements for `pieces`, as text.
    private func lines(_ pieces: [Data], limit: Int = StreamLimits.defaultMaximumElementSize) throws -> [String] {
        var parser = JSONLinesParser(maximumLineSize: limit)
        var lines: [String] = []
        for piece in pieces {
            parser.append(piece)
            while let line = try parser.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        parser.finish()
        while let line = try parser.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    @Test("LF separates lines, a CR before it is dropped, blank lines are skipped, a last line without LF counts")
    func lineRules() throws {
        let text = "{\"n\":1}\n\n{\"n\":2}\r\n  \t\r\n\r\n{\"n\":3}\n \n{\"n\":4}"
        #expect(try lines([Data(text.utf8)]) == ["{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}"])
        #expect(try lines([Data("{\"n\":5}\r".utf8)]) == ["{\"n\":5}"])
        #expect(try lines([Data("\n\n \n".utf8)]).isEmpty)
        #expect(try lines([]).isEmpty)
    }

    @Test("the body cut at every position gives the same lines")
    func everySplit() throws {
        let bytes = Array("{\"note\":\"é🎉\"}\r\n\n[1,2]\n\"日本\"\r\n3".utf8)
        let expected = ["{\"note\":\"é🎉\"}", "[1,2]", "\"日本\"", "3"]
        for first in 1..<bytes.count {
            for second in first..<bytes.count {
                let result = try lines(chunks(bytes, cuts: [first, second]))
                guard result == expected else {
                    Issue.record("cuts at \(first), \(second): \(result)")
                    return
                }
            }
        }
    }

    @Test("decoded lines from random chunkings are the same as whole")
    func randomChunkings() async throws {
        var text = ""
        for n in 0..<500 { text += "{\"n\":\(n),\"note\":\"ü\(n)\"}" + (n % 2 == 0 ? "\n" : "\r\n") + (n % 9 == 0 ? "\n" : "") }
        let bytes = Array(text.utf8)
        var generator = ChunkingRandom(seed: 7)
        for round in 0..<20 {
            let source = CountingChunks(pieces: randomChunks(bytes, largest: [1, 40, 5000][round % 3], using: &generator))
            let (entries, error) = await collect(source.jsonLines(of: Entry.self))
            #expect(error == nil)
            #expect(entries == (0..<500).map { Entry(n: $0, note: "ü\($0)") })
        }
    }

    @Test("lines are read as they are asked for")
    func backPressure() async throws {
        let source = CountingChunks(pieces: (0..<5).map { Data("{\"n\":\($0),\"note\":\"\"}\n".utf8) })
        var iterator = source.jsonLines(of: Entry.self).makeAsyncIterator()
        #expect(try await iterator.next()?.n == 0)
        #expect(source.taken.all == [0])
    }

    @Test("a line that does not decode names its index among elements and its byte offset, and ends the sequence")
    func decodingFailure() async throws {
        let text = "{\"n\":1,\"note\":\"a\"}\n\n{\"n\":2,\"note\":\"b\"}\r\n{\"n\":\"three\",\"note\":\"c\"}\n{\"n\":4,\"note\":\"d\"}\n"
        let offset = text.utf8.count - "{\"n\":\"three\",\"note\":\"c\"}\n{\"n\":4,\"note\":\"d\"}\n".utf8.count
        let source = CountingChunks(pieces: chunks(Array(text.utf8), cuts: [10, 30]), ending: .endless(Data("{\"n\":9,\"note\":\"\"}\n".utf8)))
        let (entries, error) = await collect(source.jsonLines(of: Entry.self))
        #expect(entries.map(\.n) == [1, 2])
        guard case .stream(.undecodableElement(let failure))? = (error as? CourierError)?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(failure.position == StreamPosition(index: 2, byteOffset: offset))
        #expect(failure.codingPath == "n")
        #expect(source.taken.all == [0, 1, 2])
    }

    @Test("a line longer than the limit throws, in one chunk or many, even on an endless body")
    func oversize() async throws {
        #expect(throws: CourierError.self) { _ = try lines([Data((String(repeating: "1", count: 101) + "\n").utf8)], limit: 100) }
        #expect(try lines([Data((String(repeating: "1", count: 100) + "\n").utf8)], limit: 100).count == 1)
        #expect(throws: CourierError.self) { _ = try lines([Data(String(repeating: "1", count: 101).utf8)], limit: 100) }

        let source = CountingChunks(pieces: [Data("{\"n\":1,\"note\":\"\"}\n[".utf8)], ending: .endless(Data(repeating: 0x31, count: 100)))
        let (entries, error) = await collect(source.jsonLines(of: Entry.self, maximumLineSize: 1000))
        #expect(entries.count == 1)
        guard case .stream(.elementTooLarge(1000, let position))? = (error as? CourierError)?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(position == StreamPosition(index: 1, byteOffset: 18))
    }

    @Test("the CR of a CRLF line end does not count towards the limit, whole or cut anywhere; a CR inside the line does")
    func carriageReturnNotCounted() throws {
        let full = String(repeating: "1", count: 100)
        let bytes = Array((full + "\r\n" + String(repeating: "2", count: 100) + "\r").utf8)
        for cut in 0..<bytes.count {
            #expect(try lines(chunks(bytes, cuts: [cut]), limit: 100) == [full, String(repeating: "2", count: 100)], "cut at \(cut)")
        }
        for tooLong in [full + "\r\r\n", full + "\rx\n", full + "\rx", full + "1\r\n"] {
            let bytes = Array(tooLong.utf8)
            for cut in 0..<bytes.count {
                #expect(throws: CourierError.self, "\(tooLong.debugDescription) cut at \(cut)") {
                    _ = try lines(chunks(bytes, cuts: [cut]), limit: 100)
                }
            }
        }
    }
}
