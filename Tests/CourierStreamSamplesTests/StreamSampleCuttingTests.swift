import CourierStreamSamples
import Foundation
import Testing

/// Stream samples cut into elements as the stub and courier-mock hand them over: every format at
/// its boundaries, the pieces joined always the body, anything else not a stream.
@Suite struct StreamSampleCuttingTests {
    private func cut(_ text: String, _ contentType: String?) -> [String]? {
        StreamSampleCutting.elements(of: Data(text.utf8), contentType: contentType)?.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func serverSentEventsAreCutAfterEachBlankLineWithTheirComments() {
        #expect(cut(": hi\r\ndata: a\r\n\r\nevent: x\rdata: b\r\rdata: c\n\n: tail", "text/event-stream; charset=utf-8") == [
            ": hi\r\ndata: a\r\n\r\n", "event: x\rdata: b\r\r", "data: c\n\n", ": tail",
        ])
    }

    @Test func jsonLinesAndSequencesAreCutAtTheirSeparators() {
        #expect(cut("{\"a\":1}\n{\"a\":2}\n", "application/jsonl") == ["{\"a\":1}\n", "{\"a\":2}\n"])
        #expect(cut("{\"a\":1}\n{\"a\":2}", "Application/X-NDJSON") == ["{\"a\":1}\n", "{\"a\":2}"])
        #expect(cut("\u{1E}{\"a\":1}\n\u{1E}{\"a\":2}\n", "application/json-seq") == ["\u{1E}{\"a\":1}\n", "\u{1E}{\"a\":2}\n"])
    }

    @Test(arguments: ["application/json", "text/plain", nil])
    func otherBodiesAreNoStream(contentType: String?) {
        #expect(cut("data: a\n\n", contentType) == nil)
    }

    @Test func thePiecesJoinedAreTheBodyWhateverItHolds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("data: x\r\n\u{1E}:".utf8)
        for _ in 0..<200 {
            let body = Data((0..<Int.random(in: 0...64, using: &generator)).map { _ in alphabet[Int.random(in: alphabet.indices, using: &generator)] })
            for type in ["text/event-stream", "application/jsonl", "application/json-seq"] {
                let pieces = StreamSampleCutting.elements(of: body, contentType: type) ?? []
                #expect(pieces.reduce(Data(), +) == body)
                let hasEmptyPiece = pieces.contains { $0.isEmpty }
                #expect(!hasEmptyPiece)
            }
        }
    }
}
