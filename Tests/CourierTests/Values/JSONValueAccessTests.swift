import Courier
import Testing

@Suite struct JSONValueAccessTests {
    private let value: JSONValue = .object([
        "login": .string("octocat"), "id": .number(7), "score": .number(0.5), "admin": .bool(true),
        "scopes": .array([.string("repo"), .string("gist")]), "team": .null,
    ])

    @Test func fieldsAndElementsAreReadByKeyAndIndex() {
        #expect(value["login"]?.stringValue == "octocat")
        #expect(value["scopes"]?[1]?.stringValue == "gist")
        #expect(value["scopes"]?.arrayValue?.count == 2)
        #expect(value.objectValue?.count == 6)
        #expect(value["team"]?.isNull == true, "a key present with null gives .null")
        #expect(value["missing"] == nil)
        #expect(value["scopes"]?[2] == nil && value["scopes"]?[-1] == nil, "out of range is nil")
        #expect(value[0] == nil && JSONValue.string("x")["key"] == nil, "the wrong kind is nil")
    }

    @Test func scalarsAreReadAsTheirKindOnly() {
        #expect(value["id"]?.numberValue == 7 && value["id"]?.intValue == 7)
        #expect(value["score"]?.numberValue == 0.5 && value["score"]?.intValue == nil)
        #expect(value["admin"]?.boolValue == true)
        #expect(value["login"]?.numberValue == nil && value["id"]?.stringValue == nil && value["id"]?.boolValue == nil)
        #expect(value["login"]?.isNull == false)
    }
}
