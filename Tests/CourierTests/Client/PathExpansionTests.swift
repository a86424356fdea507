@testable import Courier
import Testing

@Suite("PathExpansion")
struct PathExpansionTests {
    private func expand(_ template: String, _ parameters: [String: String], base: String = "") throws -> String {
        var path = base
        try PathExpansion.append(template, parameters: parameters, to: &path)
        return path
    }

    @Test("path segments: longer runs of dots become encoded dots; slashes are encoded", arguments: [
        ("...", "%2E%2E%2E"), ("a.b", "a.b"), ("a/../b", "a%2F..%2Fb"), (".a", ".a"),
    ])
    func segments(value: String, encoded: String) throws {
        #expect(try expand("/{v}", ["v": value]) == "/" + encoded)
    }

    @Test("an empty, '.' or '..' value is refused and leaves the path alone", arguments: ["", ".", ".."])
    func segmentsThatWouldMove(value: String) throws {
        var path = "/base"
        #expect(throws: CourierError.self) { try PathExpansion.append("/a/{v}/b", parameters: ["v": value], to: &path) }
        #expect(path == "/base")
    }

    @Test("every byte that is not unreserved is percent-encoded, multi-byte characters byte by byte")
    func encoding() throws {
        #expect(try expand("/u/{v}", ["v": "é😀 +?#%{}"]) == "/u/%C3%A9%F0%9F%98%80%20%2B%3F%23%25%7B%7D")
        #expect(try expand("/u/{v}", ["v": "AZaz09-._~"]) == "/u/AZaz09-._~")
    }

    @Test("the template's literal parts, non-ASCII included, are kept; the base path comes first; a missing slash is added")
    func literals() throws {
        #expect(try expand("files/{id}/größe", ["id": "7"], base: "/v2") == "/v2/files/7/größe")
        #expect(try expand("/{a}{b}-{a}", ["a": "1", "b": "2"]) == "/12-1")
        #expect(try expand("", [:], base: "/v2") == "/v2/")
    }

    @Test("a long result (beyond a small string) is expanded whole")
    func long() throws {
        let value = String(repeating: "ü/", count: 300)
        let expected = "/base/x/" + String(repeating: "%C3%BC%2F", count: 300) + "/end"
        #expect(try expand("/x/{v}/end", ["v": value], base: "/base") == expected)
    }

    @Test("an unclosed brace is copied literally; an unknown placeholder is an error and leaves the path alone")
    func templates() throws {
        #expect(try expand("/a/{b", [:]) == "/a/{b")
        var path = "/base"
        #expect(throws: CourierError.self) { try PathExpansion.append("/a/{b}", parameters: ["c": "1"], to: &path) }
        #expect(path == "/base")
    }

    @Test("a {+name} parameter keeps its slashes, encodes each segment, and refuses dot segments")
    func reserved() throws {
        #expect(try expand("/files/{+path}", ["+path": "a b/c/d%"]) == "/files/a%20b/c/d%25")
        #expect(try expand("/files/{+path}", ["+path": "a//b/"]) == "/files/a//b/")
        for bad in ["../etc", "a/./b", "a/.."] {
            #expect(throws: CourierError.self) { try expand("/files/{+path}", ["+path": bad]) }
        }
    }
}
