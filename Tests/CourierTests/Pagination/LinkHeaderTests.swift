import Courier
import Foundation
import Testing

@Suite struct LinkHeaderTests {
    @Test func findsTheNextTargetAmongOtherRelations() {
        let value = #"<https://api.example.com/items?page=1>; rel="first", <https://api.example.com/items?page=3>; rel="next last", "#
            + #"<https://api.example.com/items?q=a,b>; rel=prev"#
        #expect(LinkHeader.target(of: "next", in: value)?.absoluteString == "https://api.example.com/items?page=3")
        #expect(LinkHeader.target(of: "LAST", in: value)?.absoluteString == "https://api.example.com/items?page=3")
        #expect(LinkHeader.target(of: "prev", in: value)?.absoluteString == "https://api.example.com/items?q=a,b")
        #expect(LinkHeader.target(of: "self", in: value) == nil)
    }

    @Test func relativeTargetsResolveAgainstTheBase() {
        let base = URL(string: "https://api.example.com/v1/")
        #expect(LinkHeader.target(of: "next", in: #"</v1/items?page=2>; rel="next""#, relativeTo: base)?.absoluteString
            == "https://api.example.com/v1/items?page=2")
    }

    @Test func quotedCommasDoNotSplitLinks() {
        let links = LinkHeader.links(in: #"<a>; title="x, y"; rel="next", <b>; rel="prev""#)
        #expect(links.map(\.target) == ["a", "b"])
        #expect(links.map(\.relations) == [["next"], ["prev"]])
    }
}
