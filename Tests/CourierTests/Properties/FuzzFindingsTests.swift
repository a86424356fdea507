@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// Regression tests for what the fuzz targets of `Fuzz/` found; each input is also kept under
/// `Fuzz/FailCases/<target>/` and replayed by `Fuzz/run.sh --smoke`.
@Suite("Fuzz findings, kept as tests")
struct FuzzFindingsTests {
    /// FuzzPathQuery: the buffer was sized for each parameter once, so a template naming one
    /// parameter several times wrote past its end (a heap overflow in release builds, a trap in
    /// debug ones) once the value needed percent-encoding.
    @Test("a path template naming one parameter several times expands each, however long the value")
    func repeatedPathParameter() throws {
        let value = String(repeating: "é/", count: 40)
        let encoded = String(repeating: "%C3%A9%2F", count: 40)
        var path = ""
        try PathExpansion.append("/{a}/{a}{a}/x{+a}", parameters: ["a": value, "+a": "b/c"], to: &path)
        #expect(path == "/\(encoded)/\(encoded)\(encoded)/xb/c")
        var multi = "/base"
        try PathExpansion.append("{+p}{+p}{+p}{+p}", parameters: ["+p": String(repeating: "/ü", count: 50)], to: &multi)
        #expect(multi == "/base/" + String(repeating: String(repeating: "/%C3%BC", count: 50), count: 4))
    }

    /// FuzzCredentialFile: its check that an error quotes nothing of the file used Foundation's
    /// `contains`, which on Linux ignores NUL characters (`"… 12 bytes)"` "contains" `")\0\0…"`).
    /// Courier scrubbed secrets with the same search, and `replacingOccurrences` then trapped on a
    /// range past the end of the text: a secret holding NULs crashed the first log line scrubbed.
    @Test("a secret holding NUL characters is scrubbed byte for byte, without a trap")
    func secretWithNULs() {
        let secret = ")" + String(repeating: "\0", count: 11)
        let storage = CallStorage()
        storage.addSecrets([secret, "tok\0en!"])
        let request = PreparedRequest(http: HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/x"), timeout: .seconds(5))
        let secrets = CallSecrets(request: request, storage: storage, redaction: .standard)
        // The text the fuzz run built: it holds ")" but not the secret, which must not match.
        let text = "cannot read the credentials: it is not a credentials file (truncated or corrupted, 12 bytes)"
        #expect(secrets.scrub(text) == text)
        #expect(secrets.scrub("a\(secret)b") == "a\(Redaction.placeholder)b")
        #expect(secrets.scrub("token tok\0en! and token tok en!") == "token \(Redaction.placeholder) and token tok en!")
        #expect(!text.containsExactly(secret))
        #expect("x\0\0y".replacingExactly("\0", with: "-") == "x--y")
        #expect("aaa".replacingExactly("aa", with: "b") == "ba")
        #expect("é/é".replacingExactly("/", with: "\\/") == "é\\/é")
    }

    /// FuzzServerSentEvents: a CR ending one chunk and its LF starting the next were taken as two
    /// places, so the next event (and an elementTooLarge failure in it) was said to start a byte
    /// early: 30 or 31 for the same stream, depending on where it was cut.
    @Test("event and failure offsets are the same whether a CR LF pair is cut in two or not")
    func crLFAcrossChunks() throws {
        let stream = Data("data: a\r\n\r\ndata: b\r\n\r\ndata: \(String(repeating: "x", count: 40))\n\n".utf8)
        func parse(_ chunks: [Data]) -> (positions: [StreamPosition], failure: String?) {
            var parser = ServerSentEventParser(maximumEventSize: 24)
            var positions: [StreamPosition] = []
            do {
                for chunk in chunks {
                    parser.append(chunk)
                    while let frame = try parser.nextFrame() { positions.append(frame.position) }
                }
                parser.finish()
                while let frame = try parser.nextFrame() { positions.append(frame.position) }
            } catch {
                return (positions, "\(error)")
            }
            return (positions, nil)
        }
        let whole = parse([stream])
        #expect(whole.positions == [StreamPosition(index: 0, byteOffset: 0), StreamPosition(index: 1, byteOffset: 11)])
        #expect(whole.failure?.contains("element 2 at byte 22") == true, "\(whole.failure ?? "no failure")")
        // Cut after every CR: between the CR and its LF.
        var chunks: [Data] = []
        var start = stream.startIndex
        for index in stream.indices where stream[index] == 0x0D {
            chunks.append(stream[start...index])
            start = index + 1
        }
        chunks.append(stream[start...])
        let cut = parse(chunks)
        #expect(cut.positions == whole.positions)
        #expect(cut.failure == whole.failure)
        // The input the fuzz target kept, whole against its own cuts (chunks of 1 and 4 bytes).
        let kept: [UInt8] = [
            0xef, 0xcd, 0xbb, 0xbf, 0x21, 0x74, 0x61, 0x3a, 0x20, 0x20, 0x78, 0x0d, 0x0a, 0x0d, 0x0a, 0x72,
            0x64, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x61, 0x3a, 0x20, 0x20, 0x78, 0x0d, 0x0a, 0x0d, 0x0a, 0x72,
            0x64, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d,
            0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d,
            0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x2d, 0x03, 0x01, 0x05, 0x11, 0x72, 0x65, 0x74, 0x72, 0x79, 0x3a,
            0x20, 0x66, 0x61, 0x6c, 0x73, 0x65, 0x0a, 0x0a, 0x0a,
        ]
        func failure(_ chunks: [Data]) -> String? {
            var parser = ServerSentEventParser(maximumEventSize: 49)
            do {
                for chunk in chunks {
                    parser.append(chunk)
                    while try parser.next() != nil {}
                }
                parser.finish()
                while try parser.next() != nil {}
            } catch { return "\(error)" }
            return nil
        }
        var sized: [Data] = []
        var offset = 0
        while offset < kept.count {
            let size = sized.count.isMultiple(of: 2) ? 1 : 4
            sized.append(Data(kept[offset..<min(kept.count, offset + size)]))
            offset += size
        }
        let keptWhole = failure([Data(kept)])
        #expect(keptWhole != nil)
        #expect(failure(sized) == keptWhole)
    }

    /// FuzzModels: a date read with more digits than milliseconds came back different after
    /// encoding (written to the millisecond) and decoding again.
    @Test("an ISO 8601 date with sub-millisecond digits decodes, encodes and decodes back to the same value")
    func subMillisecondDates() throws {
        struct Stamp: Codable, Equatable {
            var at: Date
            init(from decoder: any Decoder) throws {
                at = try DateFormat.iso8601.decode(from: decoder.singleValueContainer())
            }
            func encode(to encoder: any Encoder) throws {
                var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
                try DateFormat.iso8601.encode(at, to: &container)
            }
        }
        for text in [
            "2024-05-02T08:30:00.88888888888888250Z", "2024-05-02T08:30:00.9996Z", "1969-12-31T23:59:59.0004Z",
            "9999-12-31T23:59:59.123456789+01:00", "2024-05-02T08:30:00.1234Z",
        ] {
            let first = try JSONDecoder().decode(Stamp.self, from: Data("\"\(text)\"".utf8))
            let written = try JSONEncoder().encode(first)
            let second = try JSONDecoder().decode(Stamp.self, from: written)
            #expect(second == first, "\(text) came back as \(String(decoding: written, as: UTF8.self))")
        }
        #expect(ISO8601.parse("2024-05-02T08:30:00.9996Z") == ISO8601.parse("2024-05-02T08:30:01Z"))
        #expect(ISO8601.format(ISO8601.parse("2024-05-02T08:30:00.88888888888888250Z")!) == "2024-05-02T08:30:00.889Z")
    }
}
