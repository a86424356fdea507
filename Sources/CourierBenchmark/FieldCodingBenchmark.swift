import Courier
import Foundation

/// A ten-field model coded the way generated models are now: scalars through the helper of their
/// type (`readInt64`, `writeStringIfPresent`), other types through the generic `read`/`write`.
private struct HelperCoded: Codable, Equatable {
    var label: String, score: Double, tags: [String], note: String?, count: Int
    var flag: Bool, id: Int64, link: URL?, rank: Int?, extra: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        label = try container.readString("label")
        score = try container.readDouble("score")
        tags = try container.read([String].self, "tags")
        note = try container.readStringIfPresent("note")
        count = try container.readInt("count")
        flag = try container.readBool("flag")
        id = try container.readInt64("id")
        link = try container.readIfPresent(URL.self, "link")
        rank = try container.readIntIfPresent("rank")
        extra = try container.readDoubleIfPresent("extra")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.writeString(label, "label")
        try container.writeDouble(score, "score")
        try container.write(tags, "tags")
        try container.writeStringIfPresent(note, "note")
        try container.writeInt(count, "count")
        try container.writeBool(flag, "flag")
        try container.writeInt64(id, "id")
        try container.writeIfPresent(link, "link")
        try container.writeIntIfPresent(rank, "rank")
        try container.writeDoubleIfPresent(extra, "extra")
    }
}

/// The same model coded as generated models were before: every field through the container's
/// generic `decode`/`encode`, inlined at the field with its `WireKey` built there.
private struct GenericCoded: Codable, Equatable {
    var label: String, score: Double, tags: [String], note: String?, count: Int
    var flag: Bool, id: Int64, link: URL?, rank: Int?, extra: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        label = try container.genericRead(String.self, "label")
        score = try container.genericRead(Double.self, "score")
        tags = try container.genericRead([String].self, "tags")
        note = try container.genericReadIfPresent(String.self, "note")
        count = try container.genericRead(Int.self, "count")
        flag = try container.genericRead(Bool.self, "flag")
        id = try container.genericRead(Int64.self, "id")
        link = try container.genericReadIfPresent(URL.self, "link")
        rank = try container.genericReadIfPresent(Int.self, "rank")
        extra = try container.genericReadIfPresent(Double.self, "extra")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.genericWrite(label, "label")
        try container.genericWrite(score, "score")
        try container.genericWrite(tags, "tags")
        try container.genericWriteIfPresent(note, "note")
        try container.genericWrite(count, "count")
        try container.genericWrite(flag, "flag")
        try container.genericWrite(id, "id")
        try container.genericWriteIfPresent(link, "link")
        try container.genericWriteIfPresent(rank, "rank")
        try container.genericWriteIfPresent(extra, "extra")
    }
}

private extension KeyedDecodingContainer {
    @inline(__always) func genericRead<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }

    @inline(__always) func genericReadIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }
}

private extension KeyedEncodingContainer {
    @inline(__always) mutating func genericWrite<T: Encodable>(_ value: T, _ key: Key) throws {
        try encode(value, forKey: key)
    }

    @inline(__always) mutating func genericWriteIfPresent<T: Encodable>(_ value: T?, _ key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }
}

/// What the generated models' field coding costs: the helpers they use now against the generic
/// coding they used before (issue #29), on fifty ten-field objects per iteration, decoded from and
/// encoded to JSON with Foundation's coders.
nonisolated func runFieldCodingBenchmark(_ options: BenchmarkOptions) async throws -> String {
    let item = #"{"label":"a label","score":1.5,"tags":["x","y"],"note":"some note","count":3,"flag":true,"id":123456789,"link":"https://example.com/x","rank":null}"#
    let body = Data(("[" + Array(repeating: item, count: 50).joined(separator: ",") + "]").utf8)
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    let helperValues = try decoder.decode([HelperCoded].self, from: body)
    let genericValues = try decoder.decode([GenericCoded].self, from: body)
    // Both codings must agree, both ways, before their speed means anything.
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    guard try sorted.encode(helperValues) == sorted.encode(genericValues),
          try decoder.decode([GenericCoded].self, from: encoder.encode(helperValues)) == genericValues else {
        return "error: the field helpers and the generic coding disagree"
    }
    var sink = 0
    let variants = [
        Variant(name: "decode, generic") { sink &+= try decoder.decode([GenericCoded].self, from: body).count },
        Variant(name: "decode, field helpers") { sink &+= try decoder.decode([HelperCoded].self, from: body).count },
        Variant(name: "encode, generic") { sink &+= try encoder.encode(genericValues).count },
        Variant(name: "encode, field helpers") { sink &+= try encoder.encode(helperValues).count },
    ]
    let timings = try await measure(variants, rounds: options.rounds, iterations: max(1, options.iterations / 100))
    var lines = ["", "Generated models' field coding, 50 ten-field objects a call, JSONDecoder and JSONEncoder:", ""]
    lines.append("µs per 50 objects".padding(toLength: 40, withPad: " ", startingAt: 0) + "   median   minimum")
    for variant in variants {
        let timing = timings[variant.name] ?? Timing(median: .nan, minimum: .nan)
        lines.append(variant.name.padding(toLength: 40, withPad: " ", startingAt: 0)
            + String(format: "%9.1f %9.1f", timing.median, timing.minimum))
    }
    for kind in ["decode", "encode"] {
        if let helpers = timings["\(kind), field helpers"], let generic = timings["\(kind), generic"] {
            lines.append(String(format: "\(kind): field helpers / generic %.2f×", helpers.median / generic.median))
        }
    }
    return lines.joined(separator: "\n")
}
