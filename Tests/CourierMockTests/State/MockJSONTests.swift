@testable import CourierMock
import Foundation
import Testing

/// The JSON the state keeps: numbers as the decoder reads them, ids as path text, merge patches.
@Suite struct MockJSONTests {
    @Test func integersStayIntegersAndIdsReadAsPathText() throws {
        let value = try #require(MockJSON.parse(Data(#"{"id": 7, "weight": 4.5, "ok": true, "tags": ["a"], "none": null}"#.utf8)))
        #expect(value.idText == "7")
        #expect(value.members?["weight"] == .number(4.5) && value.members?["ok"] == .bool(true))
        #expect(String(decoding: value.data, as: UTF8.self) == #"{"id":7,"none":null,"ok":true,"tags":["a"],"weight":4.5}"#)
        #expect(MockJSON.parse(Data(#"{"id": "a/b"}"#.utf8))?.idText == "a/b")
        #expect(MockJSON.parse(Data("nope".utf8)) == nil)
        #expect(MockJSON.parse(Data()) == nil)
    }

    @Test func mergePatchReplacesRemovesAndMergesObjects() throws {
        let current = try #require(MockJSON.parse(Data(#"{"name": "Rex", "tag": "dog", "owner": {"id": 1, "name": "Ann"}}"#.utf8)))
        let patch = try #require(MockJSON.parse(Data(#"{"tag": null, "status": "sold", "owner": {"name": "Bo"}}"#.utf8)))
        #expect(current.merged(with: patch) == MockJSON.parse(Data(#"{"name": "Rex", "status": "sold", "owner": {"id": 1, "name": "Bo"}}"#.utf8)))
        #expect(current.merged(with: .array([])) == .array([]), "a patch that is no object replaces the value")
    }
}
