@testable import Courier
import Foundation
import FuzzSupport

// The path and query encoders with arbitrary values: a path template expanded with its
// parameters never writes past its buffer, and values read back through Foundation's URL parser
// exactly as they were given.
//
// Layout: a mode byte, then NUL-separated fields. Mode even: template, then name/value pairs
// (three at most). Mode odd: a value for `/x/{a}/y`, then query names and values.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    if input.byte() & 1 == 0 {
        let template = String(fuzzBytes: input.field(separatedBy: 0))
        var parameters: [String: String] = [:]
        for _ in 0..<3 where !input.isEmpty {
            parameters[String(fuzzBytes: input.field(separatedBy: 0))] = String(fuzzBytes: input.field(separatedBy: 0))
        }
        var path = "/base"
        do {
            try PathExpansion.append(template, parameters: parameters, to: &path)
            fuzzCheck(path.utf8.starts(with: "/base/".utf8), "lost its base: \(path.debugDescription)")
        } catch {
            fuzzCheck(path == "/base", "changed the path and threw: \(path.debugDescription)")
        }
        return 0
    }
    let value = String(fuzzBytes: input.field(separatedBy: 0))
    var path = ""
    // An empty, `.` or `..` value would leave the path (servers merge `//` and resolve `%2E%2E`):
    // refused, the path untouched; any other value is one segment.
    let leaves = value.isEmpty || value == "." || value == ".."
    do {
        try PathExpansion.append("/x/{a}/y", parameters: ["a": value], to: &path)
        fuzzCheck(!leaves, "\(value.debugDescription) was expanded to \(path.debugDescription)")
    } catch {
        fuzzCheck(leaves, "a one-segment parameter refused: \(error)")
        fuzzCheck(path.isEmpty, "changed the path and threw: \(path.debugDescription)")
        return 0
    }
    fuzzCheck(path.utf8.allSatisfy { RequestEncoder.isUnreserved($0) || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/") },
              "a raw byte in \(path.debugDescription)")
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    fuzzCheck(segments.count == 4 && segments[1] == "x" && segments[3] == "y", "not one segment: \(path.debugDescription)")
    fuzzCheck(segments[2] != "." && segments[2] != "..", "a dot segment: \(path.debugDescription)")
    let parsed = URLComponents(string: "https://example.com\(path)")
    fuzzCheck(parsed != nil, "Foundation cannot parse \(path.debugDescription)")
    let back = parsed?.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).first
    fuzzCheck(back.flatMap { String($0).removingPercentEncoding } == value, "\(value.debugDescription) came back as \(String(describing: back))")

    var items: [QueryItem] = []
    while !input.isEmpty, items.count < 4 {
        items.append(QueryItem(name: String(fuzzBytes: input.field(separatedBy: 0)), value: .string(String(fuzzBytes: input.field(separatedBy: 0)))))
    }
    guard !items.isEmpty else { return 0 }
    var query = ""
    RequestEncoder.appendEncoded(items, to: &query)
    let components = URLComponents(string: "https://example.com/p?\(query)")
    let read = components?.queryItems ?? []
    fuzzCheck(read.map(\.name) == items.map(\.name), "names \(items.map(\.name)) came back as \(read.map(\.name))")
    fuzzCheck(read.map { $0.value ?? "" } == items.map { $0.value.repeatedTexts.first ?? "" },
              "values came back as \(read.map(\.value)) from \(query.debugDescription)")
    return 0
}
