import Courier
import Foundation
import FuzzSupport

// `Link` (RFC 8288): every link of a value, and the `next` target resolved against a base URL.
//
// Layout: a relation name up to the first NUL, then the field value.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let relation = String(fuzzBytes: input.field(separatedBy: 0))
    let value = String(fuzzBytes: input.rest())
    let links = LinkHeader.links(in: value)
    for link in links {
        fuzzCheck(link.relations.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty && !$0.contains(" ") },
                  "relations \(link.relations) from \(value.debugDescription)")
        fuzzCheck(!link.target.contains(">"), "a target holding '>' from \(value.debugDescription)")
    }
    fuzzCheck(links.count <= value.utf8.count / 2, "\(links.count) links from \(value.utf8.count) bytes")
    let base = URL(string: "https://api.example.com/v1/items?page=1")
    _ = LinkHeader.target(of: relation.isEmpty ? "next" : relation, in: value, relativeTo: base)
    _ = LinkHeader.target(of: "next", in: value, relativeTo: nil)
    return 0
}
