import Courier
import Foundation
import Testing

/// A model with every scalar helper, required and optional, coded the way a generated model is.
private struct Scalars: Codable, Equatable {
    var text: String
    var count: Int
    var small: Int32
    var big: Int64
    var ratio: Double
    var weight: Float
    var flag: Bool
    var maybeText: String?
    var maybeCount: Int?
    var maybeSmall: Int32?
    var maybeBig: Int64?
    var maybeRatio: Double?
    var maybeWeight: Float?
    var maybeFlag: Bool?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        text = try container.readString("text")
        count = try container.readInt("count")
        small = try container.readInt32("small")
        big = try container.readInt64("big")
        ratio = try container.readDouble("ratio")
        weight = try container.readFloat("weight")
        flag = try container.readBool("flag")
        maybeText = try container.readStringIfPresent("maybe_text")
        maybeCount = try container.readIntIfPresent("maybe_count")
        maybeSmall = try container.readInt32IfPresent("maybe_small")
        maybeBig = try container.readInt64IfPresent("maybe_big")
        maybeRatio = try container.readDoubleIfPresent("maybe_ratio")
        maybeWeight = try container.readFloatIfPresent("maybe_weight")
        maybeFlag = try container.readBoolIfPresent("maybe_flag")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.writeString(text, "text")
        try container.writeInt(count, "count")
        try container.writeInt32(small, "small")
        try container.writeInt64(big, "big")
        try container.writeDouble(ratio, "ratio")
        try container.writeFloat(weight, "weight")
        try container.writeBool(flag, "flag")
        try container.writeStringIfPresent(maybeText, "maybe_text")
        try container.writeIntIfPresent(maybeCount, "maybe_count")
        try container.writeInt32IfPresent(maybeSmall, "maybe_small")
        try container.writeInt64IfPresent(maybeBig, "maybe_big")
        try container.writeDoubleIfPresent(maybeRatio, "maybe_ratio")
        try container.writeFloatIfPresent(maybeWeight, "maybe_weight")
        try container.writeBoolIfPresent(maybeFlag, "maybe_flag")
    }
}

/// A model holding another, for the paths of nested failures.
private struct Outer: Decodable {
    struct Inner: Decodable {
        var small: Int32
        init(from decoder: any Decoder) throws {
            small = try decoder.container(keyedBy: WireKey.self).readInt32("small")
        }
    }

    var inner: Inner
    var list: [Int32]?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        inner = try container.read(Inner.self, "inner")
        list = try container.readIfPresent([Int32].self, "list")
    }
}

@Suite("Scalar field helpers: each scalar type read and written by a method of its own")
struct ScalarFieldCodingTests {
    private static let required = #""big":9007199254740993,"count":-7,"flag":true,"ratio":0.25,"small":-2147483648,"text":"é \"quoted\"","weight":1.5"#

    private func decode(_ json: String) throws -> Scalars {
        try JSONDecoder().decode(Scalars.self, from: Data(json.utf8))
    }

    private func encode(_ value: Scalars) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("every field present round-trips to the same JSON, Int64 beyond a Double's precision included")
    func fullRoundTrip() throws {
        let json = "{" + Self.required
            + #","maybe_big":-1,"maybe_count":0,"maybe_flag":false,"maybe_ratio":-0.5,"maybe_small":2147483647,"maybe_text":"","maybe_weight":2.25}"#
        let value = try decode(json)
        #expect(value.big == 9_007_199_254_740_993)
        #expect(value.small == Int32.min)
        #expect(value.text == "é \"quoted\"")
        #expect(value.maybeSmall == Int32.max)
        #expect(value.maybeFlag == false)
        #expect(value.maybeText == "")
        let encoded = try encode(value)
        #expect(try decode(encoded) == value)
        #expect(encoded.contains(#""big":9007199254740993"#))
        #expect(encoded.contains(#""maybe_flag":false"#))
    }

    @Test("optional fields missing or null read as nil, and nil writes no key")
    func missingAndNull() throws {
        let missing = try decode("{" + Self.required + "}")
        let null = try decode("{" + Self.required
            + #","maybe_big":null,"maybe_count":null,"maybe_flag":null,"maybe_ratio":null,"maybe_small":null,"maybe_text":null,"maybe_weight":null}"#)
        for value in [missing, null] {
            #expect(value.maybeText == nil && value.maybeCount == nil && value.maybeSmall == nil && value.maybeBig == nil)
            #expect(value.maybeRatio == nil && value.maybeWeight == nil && value.maybeFlag == nil)
        }
        #expect(try encode(null) == "{" + Self.required + "}")
    }

    @Test("a missing required key fails naming it", arguments: [
        ("text", "keyNotFound"), ("count", "keyNotFound"), ("flag", "keyNotFound"),
    ])
    func missingRequiredKey(key: String, expected: String) throws {
        let json = "{" + Self.required.split(separator: ",").filter { !$0.hasPrefix("\"\(key)\"") }.joined(separator: ",") + "}"
        #expect(failure(json) == "\(expected) \(key)")
    }

    @Test("a value of another type fails naming its key")
    func wrongValues() throws {
        #expect(failure("{" + Self.required.replacingOccurrences(of: #""count":-7"#, with: #""count":"7""#) + "}") == "typeMismatch count")
        #expect(failure("{" + Self.required.replacingOccurrences(of: #""flag":true"#, with: #""flag":1"#) + "}") == "typeMismatch flag")
        #expect(failure("{" + Self.required + #","maybe_text":5}"#) == "typeMismatch maybe_text")
    }

    // JSONDecoder reports these with no coding path, as "not valid JSON": the helpers add the key.
    @Test("a number the field's type cannot hold fails naming its key and the type, never as a value cut short", arguments: [
        (#""small":-2147483648"#, #""small":2147483648"#, "small", "Int32"),
        (#""count":-7"#, #""count":1.5"#, "count", "Int"),
        (#""big":9007199254740993"#, #""big":2.5"#, "big", "Int64"),
        (#""big":9007199254740993"#, #""big":99999999999999999999"#, "big", "Int64"),
        (#""weight":1.5"#, #""weight":1e300"#, "weight", "Float"),
        (#""ratio":0.25"#, #""ratio":1e400"#, "ratio", "Double"),
    ])
    func numbersOutOfRange(field: String, replacement: String, key: String, type: String) throws {
        let required = "{" + Self.required.replacingOccurrences(of: field, with: replacement) + "}"
        #expect(failure(required) == "dataCorrupted \(key)")
        #expect(failureDescription(required).contains("cannot be read as \(type)"))
        let optional = "{" + Self.required + ",\"maybe_\(key)\":" + replacement.split(separator: ":", maxSplits: 1)[1] + "}"
        #expect(failure(optional) == "dataCorrupted maybe_\(key)")
    }

    @Test("a number out of range inside a nested object is reported at that field, its path whole")
    func nestedNumbersOutOfRange() throws {
        #expect(failurePath(#"{"inner":{"small":4294967296}}"#) == ["inner", "small"])
        #expect(failurePath(#"{"inner":{"small":1},"list":[1,2]}"#) == ["decoded"])
        // An array of scalars goes through the generic `readIfPresent`, which leaves
        // JSONDecoder's report as it is (see `located`): no path, the number underneath.
        #expect(failurePath(#"{"inner":{"small":1},"list":[1,2,4294967296]}"#) == [])
    }

    /// The coding path of the `dataCorrupted` error decoding `json` as ``Outer`` raises.
    private func failurePath(_ json: String) -> [String] {
        do {
            _ = try JSONDecoder().decode(Outer.self, from: Data(json.utf8))
            return ["decoded"]
        } catch let DecodingError.dataCorrupted(context) {
            return context.codingPath.map(\.stringValue)
        } catch {
            return ["other \(error)"]
        }
    }

    /// The description of the error `json` raises, or "decoded".
    private func failureDescription(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "decoded"
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    /// The kind of decoding error `json` raises and the last key of its coding path (or the
    /// missing key), or "decoded" when it decodes.
    private func failure(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "decoded"
        } catch DecodingError.keyNotFound(let key, _) {
            return "keyNotFound \(key.stringValue)"
        } catch DecodingError.typeMismatch(_, let context) {
            return "typeMismatch \(context.codingPath.last?.stringValue ?? "?")"
        } catch DecodingError.dataCorrupted(let context) {
            return "dataCorrupted \(context.codingPath.last?.stringValue ?? "?")"
        } catch {
            return "other \(error)"
        }
    }
}
