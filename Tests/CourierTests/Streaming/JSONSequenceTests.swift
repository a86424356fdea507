import Courier
import Foundation
import Testing

private struct Point: Decodable, Sendable, Equatable {
    var x: Int
    var y: Int
}

@Suite("JSON text sequences (RFC 7464): the parser and the decoded sequence")
struct JSONSequenceTests {
    /// What the parser makes of `pieces`: each record's text, or `truncated@offset`.
    private func records(_ pieces: [Data], limit: Int = StreamLimits.defaultMaximumElementSize) throws -> [String] {
        var parser = JSONSequenceParser(maximumRecordSize: limit)
        var results: [String] = []
        func drain() throws {
            while true {
                do {
                    guard let record = try parser.next() else { return }
                    results.append(String(decoding: record, as: UTF8.self))
                } catch {
                    guard case .stream(.truncatedRecord(let position)) = error.reason else { throw error }
                    results.append("truncated@\(position.byteOffset)#\(position.index)")
                }
            }
        }
        for piece in pieces {
            parser.append(piece)
            try drain()
        }
        parser.finish()
        try drain()
        return results
    }

    @Test("records open with RS and close with LF; repeated RS and whitespace between records are ignored")
    func recordRules() throws {
        let text = "\u{1E}{\"x\":1,\"y\":2}\n\u{1E}\u{1E}\u{1E}[1,\n 2]\n \n\u{1E}123\n\u{1E}\"a\\\"}\\n\"\n\u{1E}\n"
        #expect(try records([Data(text.utf8)]) == ["{\"x\":1,\"y\":2}", "[1,\n 2]", "123", "\"a\\\"}\\n\""])
    }

    @Test("a record cut short is reported with its position and skipped; the next one is read")
    func truncatedRecords() throws {
        let text = "\u{1E}{\"x\":1\u{1E}{\"x\":2,\"y\":3}\n\u{1E}12\u{1E}4\n\u{1E}{\"x\":5,"
        #expect(try records([Data(text.utf8)]) == ["truncated@0#0", "{\"x\":2,\"y\":3}", "truncated@22#2", "4", "truncated@28#4"])
    }

    @Test("bytes before the first RS, or after a record's LF, are a truncated record")
    func strayBytes() throws {
        #expect(try records([Data("1}\n\u{1E}2\n x\n\u{1E}3\n".utf8)]) == ["truncated@0#0", "2", "truncated@7#2", "3"])
    }

    @Test("a record is returned as soon as its LF arrives, not at the next RS")
    func liveRecords() async throws {
        let source = CountingChunks(pieces: [Data("\u{1E}{\"x\":1,\"y\":1}\n".utf8), Data("\u{1E}{\"x\":2,\"y\":2}\n".utf8)])
        var iterator = source.jsonTextSequence(of: Point.self).makeAsyncIterator()
        #expect(try await iterator.next() == Point(x: 1, y: 1))
        #expect(source.taken.all == [0])
    }

    @Test("the body cut at every position gives the same records")
    func everySplit() throws {
        let bytes = Array("\u{1E}{\"a\":\"é\\\"🎉\"}\n\u{1E}[1,\r\n2]\r\n\u{1E}7\u{1E}8\n".utf8)
        let expected = ["{\"a\":\"é\\\"🎉\"}", "[1,\r\n2]\r", "truncated@28#2", "8"]
        #expect(try records([Data(bytes)]) == expected)
        for first in 1..<bytes.count {
            for second in first..<bytes.count {
                let result = try records(chunks(bytes, cuts: [first, second]))
                guard result == expected else {
                    Issue.record("cuts at \(first), \(second): \(result)")
                    return
                }
            }
        }
    }

    @Test("decoded records skip a truncated one, reporting it, and go on")
    func decodedSkipsTruncated() async throws {
        let text = "\u{1E}{\"x\":1,\"y\":1}\n\u{1E}{\"x\":2,\"y\"\u{1E}{\"x\":3,\"y\":3}\n\u{1E}{\"x\":4"
        let reports = Recorder<StreamPosition>()
        let sequence = HTTPBody.bytes(Data(text.utf8)).jsonTextSequence(
            of: Point.self, truncatedRecords: .skip(report: { reports.append($0.reason.streamPosition) }))
        let (points, error) = await collect(sequence)
        #expect(error == nil)
        #expect(points == [Point(x: 1, y: 1), Point(x: 3, y: 3)])
        #expect(reports.all == [StreamPosition(index: 1, byteOffset: 15), StreamPosition(index: 3, byteOffset: 41)])
    }

    @Test("with .fail, a truncated record ends the sequence with its error")
    func failOnTruncated() async throws {
        let text = "\u{1E}{\"x\":1,\"y\":1}\n\u{1E}{\"x\":2\u{1E}{\"x\":3,\"y\":3}\n"
        let (points, error) = await collect(HTTPBody.bytes(Data(text.utf8)).jsonTextSequence(of: Point.self, truncatedRecords: .fail))
        #expect(points == [Point(x: 1, y: 1)])
        guard case .stream(.truncatedRecord(let position))? = (error as? CourierError)?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(position == StreamPosition(index: 1, byteOffset: 15))
        #expect((error as? CourierError)?.kind == .decoding)
    }

    @Test("a record that does not decode names its position and ends the sequence")
    func decodingFailure() async throws {
        let text = "\u{1E}{\"x\":1,\"y\":1}\n\u{1E}{\"x\":2}\n\u{1E}{\"x\":3,\"y\":3}\n"
        let (points, error) = await collect(HTTPBody.bytes(Data(text.utf8)).jsonTextSequence(of: Point.self))
        #expect(points == [Point(x: 1, y: 1)])
        guard case .stream(.undecodableElement(let failure))? = (error as? CourierError)?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(failure.position == StreamPosition(index: 1, byteOffset: 15))
        #expect(failure.codingPath == "y")
    }

    @Test("a record larger than the limit throws and the parser stops")
    func oversize() throws {
        #expect(try records([Data("\u{1E}[1,2,3]\n".utf8)], limit: 7) == ["[1,2,3]"])
        #expect(throws: CourierError.self) { _ = try records([Data("\u{1E}[1,2,3]\n".utf8)], limit: 6) }
        #expect(throws: CourierError.self) { _ = try records([Data("\u{1E}[1,2,3,".utf8), Data("4,5".utf8)], limit: 6) }
    }
}

extension CourierError.Reason {
    /// Where a stream failure happened, for tests.
    var streamPosition: StreamPosition {
        if case .stream(let failure) = self { return failure.position }
        return StreamPosition(index: -1, byteOffset: -1)
    }
}
