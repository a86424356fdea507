@testable import CourierGenerator
import Foundation
import Testing

@Suite struct SwiftLiteralTests {
    @Test func stringsEscapeQuotesBackslashesAndControls() {
        #expect(SwiftLiteral.string("plain") == #""plain""#)
        #expect(SwiftLiteral.string(#"a "b" \c"#) == #""a \"b\" \\c""#)
        #expect(SwiftLiteral.string("line\nbreak\ttab\r") == #""line\nbreak\ttab\r""#)
        #expect(SwiftLiteral.string("\u{1}\u{2028}") == #""\u{1}\u{2028}""#)
        #expect(SwiftLiteral.string(#"\(interpolation)"#) == #""\\(interpolation)""#)
    }

    @Test func durationsUseSecondsOrMilliseconds() {
        #expect(SwiftLiteral.duration(seconds: 30) == ".seconds(30)")
        #expect(SwiftLiteral.duration(seconds: 300) == ".seconds(300)")
        #expect(SwiftLiteral.duration(seconds: 1.5) == ".milliseconds(1500)")
    }

    /// A duration keeps what the spec wrote down to the nanosecond: `timeout: 0.0004` was
    /// `.milliseconds(0)`, a zero timeout.
    @Test func subMillisecondDurationsKeepTheirPrecision() {
        #expect(SwiftLiteral.duration(seconds: 0.0004) == ".microseconds(400)")
        #expect(SwiftLiteral.duration(seconds: 0.0000005) == ".nanoseconds(500)")
        #expect(SwiftLiteral.duration(seconds: 2.000000001) == ".nanoseconds(2000000001)")
        #expect(SwiftLiteral.duration(seconds: 0.0015) == ".microseconds(1500)")
        #expect(SwiftLiteral.duration(seconds: 1e16) == ".seconds(10000000000000000)")
        #expect(SwiftLiteral.duration(seconds: 1e12 + 0.5) == ".milliseconds(1000000000000500)")
    }

    @Test func textDataIsAMultiLineRawStringWithEnoughHashes() {
        #expect(SwiftLiteral.data(Data("{}\n".utf8)) == "Data(#\"\"\"\n{}\n\n\"\"\"#.utf8)")
        #expect(SwiftLiteral.hashCount(for: "plain") == 1)
        #expect(SwiftLiteral.hashCount(for: "a \"# b") == 2)
        #expect(SwiftLiteral.hashCount(for: "\\## and \"\"\"###") == 4)
    }

    @Test func binaryOrCarriageReturnDataIsBase64() {
        #expect(SwiftLiteral.data(Data([0xFF, 0x00])) == #"Data(base64Encoded: "/wA=") ?? Data()"#)
        #expect(SwiftLiteral.data(Data("a\r\nb".utf8)).hasPrefix("Data(base64Encoded:"))
    }

    @Test func longSampleLinesContinueOnTheNextLineWithoutChangingTheBytes() throws {
        let long = (0..<40).map { #"{"id": \#($0)}"# }.joined(separator: ", ") + #" \ ends with a backslash"#
        let literal = SwiftLiteral.data(Data((long + "\nshort\n").utf8))
        let lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= LineWrapping.limit }, "\(literal)")
        #expect(lines.count > 4)
        // Every cut line ends with the raw string's continuation escape; joined, the text is back.
        let body = lines.dropFirst().dropLast(2)
        let rejoined = body.map { $0.hasSuffix(##"\#"##) ? String($0.dropLast(2)) : String($0) + "\n" }.joined()
        #expect(rejoined == long + "\nshort\n")
        // Cuts prefer a space or a comma.
        #expect(body.dropLast(2).allSatisfy { $0.dropLast(2).last == " " || $0.dropLast(2).last == "," })
    }

    @Test func longBase64ContinuesOnTheNextLine() {
        let bytes = Data((0..<200).map { UInt8($0) })
        let literal = SwiftLiteral.data(bytes)
        #expect(literal.hasPrefix("Data(base64Encoded: \"\"\"\n"))
        #expect(literal.split(separator: "\n").allSatisfy { $0.count <= LineWrapping.limit })
        let pieces = literal.split(separator: "\n").dropFirst().dropLast()
        #expect(pieces.map { $0.hasSuffix("\\") ? String($0.dropLast()) : String($0) }.joined() == bytes.base64EncodedString())
    }
}
