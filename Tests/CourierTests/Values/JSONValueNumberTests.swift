import Courier
import Foundation
import Testing

/// Numbers in free-form JSON keep every digit they came with: ids beyond 2^53 (Twitter's and
/// Discord's snowflakes, database keys) were rounded through `Double` and written back in
/// exponent form.
@Suite struct JSONValueNumberTests {
    private func roundTrip(_ json: String) throws -> String {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func wholeNumbersBeyondWhatADoubleHoldsComeBackUnchanged() throws {
        #expect(try roundTrip(#"{"id":9007199254740993}"#) == #"{"id":9007199254740993}"#)
        #expect(try roundTrip("[9223372036854775807,-9223372036854775808]") == "[9223372036854775807,-9223372036854775808]")
    }

    @Test func wholeNumbersAreWrittenAsDigitsNotInExponentForm() throws {
        #expect(try roundTrip("[10000000000000000,42,-7,0]") == "[10000000000000000,42,-7,0]")
    }

    @Test func otherNumbersStayDoubles() throws {
        #expect(try roundTrip("[0.5,-2.25]") == "[0.5,-2.25]")
        let beyond = try JSONDecoder().decode(JSONValue.self, from: Data("18446744073709551615".utf8))
        #expect(beyond.numberValue == 18446744073709551615.0, "beyond 64 bits it is a Double, not an error")
        #expect(beyond.int64Value == nil)
    }

    @Test func theLargeIdIsReadExactly() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"id":9007199254740993}"#.utf8))
        #expect(value["id"] == .integer(9_007_199_254_740_993))
        #expect(value["id"]?.int64Value == 9_007_199_254_740_993)
        #expect(value["id"]?.intValue == 9_007_199_254_740_993)
        #expect(value["id"]?.numberValue == 9_007_199_254_740_992, "as a Double it is rounded, as documented")
    }

    @Test func anIntegerAndTheEqualDoubleAreOneValue() {
        #expect(JSONValue.integer(3) == .number(3))
        #expect(JSONValue.number(3) == .integer(3))
        #expect(JSONValue.integer(3) != .number(3.5))
        #expect(JSONValue.integer(0) == .number(-0.0))
        #expect(Set<JSONValue>([.integer(3), .number(3), .number(3.5)]).count == 2)
        #expect(JSONValue.array([.integer(1)]) == .array([.number(1)]))
        #expect(JSONValue.integer(1) != .string("1") && JSONValue.integer(1) != .bool(true))
    }

    @Test func wholeDoublesReadAsIntegers() {
        #expect(JSONValue.number(7).int64Value == 7 && JSONValue.number(7).intValue == 7)
        #expect(JSONValue.number(7.5).int64Value == nil)
        #expect(JSONValue.integer(7).numberValue == 7)
    }
}
