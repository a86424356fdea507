import Testing
@testable import CourierSpec

/// Each word list of the language: its spellings, and how an unknown word is reported.
@Suite struct SpecWordTests {
    /// Every list with its spellings, in declaration order.
    static let lists: [(kind: String, spellings: [String])] = [
        (HTTPMethod.kind, HTTPMethod.spellings), (CachePolicyMode.kind, CachePolicyMode.spellings),
        (DateFormat.kind, DateFormat.spellings), (KeyStyle.kind, KeyStyle.spellings),
        (AuthSchemeKind.kind, AuthSchemeKind.spellings), (APIKeyPlacement.kind, APIKeyPlacement.spellings),
    ]

    @Test func everyListHasDistinctSpellingsThatAreSwiftMemberNames() {
        for list in Self.lists {
            #expect(Set(list.spellings).count == list.spellings.count, "\(list.kind)")
            // Translate spells each as the runtime member of the same name (`.localThenRemote`).
            #expect(list.spellings.allSatisfy(SwiftName.isIdentifier), "\(list.kind)")
        }
    }

    @Test func theParserAndTheGeneratorAgreeOnTheMethods() {
        #expect(HTTPMethod.spellings == ["get", "post", "put", "patch", "delete", "head", "options"])
        #expect(HTTPMethod.allCases.map(\.wireName) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
        #expect(HTTPMethod.allCases.filter(\.expectsNoBody) == [.get, .head])
        #expect(HTTPMethod.allCases.filter(\.isNonIdempotent) == [.post, .patch])
        #expect(SpecParser.endpointKeys.isSuperset(of: HTTPMethod.spellings))
    }

    @Test func anUnknownWordListsTheWordsAndTheClosest() {
        #expect(CachePolicyMode.unknownMessage("localThenRemte", context: " for `cache`")
            == "unknown cache policy 'localThenRemte' for `cache` (use remoteOnly, localOnly, localElseRemote, "
                + "remoteElseLocal, localThenRemote); did you mean 'localThenRemote'?")
        #expect(KeyStyle.unknownMessage("camel") == "unknown key strategy 'camel' (use useDefaultKeys, snakeCase)")
        #expect(APIKeyPlacement.unknownMessage("QUERY") == "unknown API key placement 'QUERY' (use header, query); did you mean 'query'?")
    }
}
