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
}
