@testable import Courier
import Foundation
import Testing

@Suite struct Base64TextTests {
    /// 200 bytes covering every value the alphabet can produce.
    private static let bytes = Data((0..<200).map { UInt8(($0 * 37 + 11) % 256) })

    private static func wrapped(every width: Int, separator: String) -> String {
        let line = bytes.base64EncodedString()
        var result: [String] = []
        var start = line.startIndex
        while start < line.endIndex {
            let end = line.index(start, offsetBy: width, limitedBy: line.endIndex) ?? line.endIndex
            result.append(String(line[start..<end]))
            start = end
        }
        return result.joined(separator: separator) + separator
    }

    @Test(arguments: [60, 76])
    func textWrappedInLinesDecodes(width: Int) throws {
        #expect(try Base64Text.decode(Self.wrapped(every: width, separator: "\n")) == Self.bytes)
        #expect(try Base64Text.decode(Self.wrapped(every: width, separator: "\r\n")) == Self.bytes)
        // Foundation alone does not accept this.
        #expect(Data(base64Encoded: Self.wrapped(every: width, separator: "\n")) == nil)
    }

    @Test func paddedAndUnpaddedEndings() throws {
        #expect(try Base64Text.decode("YQ==") == Data("a".utf8))
        #expect(try Base64Text.decode("YQ") == Data("a".utf8))
        #expect(try Base64Text.decode("YWI=") == Data("ab".utf8))
        #expect(try Base64Text.decode("YWJj") == Data("abc".utf8))
        #expect(try Base64Text.decode("") == Data())
    }

    @Test func aBadCharacterIsNamedWithItsOffset() {
        #expect(throws: Base64Text.Failure(description: "bad character '!' at offset 6")) {
            try Base64Text.decode("YWJj\nY!==")
        }
        #expect(throws: Base64Text.Failure(description: "bad character 0xC3 at offset 2")) {
            try Base64Text.decode("YWé=")
        }
        #expect(throws: Base64Text.Failure(description: "base64 continues at offset 4 after '=' padding at offset 2")) {
            try Base64Text.decode("YQ==YWJj")
        }
        #expect(throws: Base64Text.Failure.self) { try Base64Text.decode("YWJjZ") }
    }

    @Test func base64DataDecodesWrappedTextInJSONAndSaysWhereItFails() throws {
        struct File: Codable { var content: Base64Data }
        let json = try JSONEncoder().encode(["content": Self.wrapped(every: 60, separator: "\n")])
        #expect(try JSONDecoder().decode(File.self, from: json).content.data == Self.bytes)
        let encoded = try JSONEncoder().encode(File(content: Base64Data(Data("abc".utf8))))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"content":"YWJj"}"#)
        do {
            _ = try JSONDecoder().decode(File.self, from: Data(#"{"content":"YWJj\nY$=="}"#.utf8))
            Issue.record("decoded bad base64")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["content"])
            #expect(context.debugDescription == "Expected base64 text: bad character '$' at offset 6")
        }
    }
}

@Suite("The service decoder reads wrapped base64 wherever a Data appears")
struct ServiceDecoderBase64Tests {
    @Test("a [Data] response and a Data nested in a dictionary decode from 60-column lines; bad text names the offset")
    func nested() throws {
        let bytes = Data((0..<100).map { UInt8($0) })
        let encoded = bytes.base64EncodedString()
        let wrapped = stride(from: 0, to: encoded.count, by: 60).map { start -> String in
            let from = encoded.index(encoded.startIndex, offsetBy: start)
            return String(encoded[from..<(encoded.index(from, offsetBy: 60, limitedBy: encoded.endIndex) ?? encoded.endIndex)])
        }.joined(separator: "\\n")
        let decoder = JSONCoding.default.makeDecoder()
        #expect(try decoder.decode([Data].self, from: Data("[\"\(wrapped)\"]".utf8)) == [bytes])
        #expect(try decoder.decode([String: [Data]].self, from: Data("{\"a\":[\"\(wrapped)\"]}".utf8)) == ["a": [bytes]])
        do {
            _ = try decoder.decode([Data].self, from: Data(#"["AAAA*AAA"]"#.utf8))
            Issue.record("bad base64 decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("offset 4"))
        }
    }
}
