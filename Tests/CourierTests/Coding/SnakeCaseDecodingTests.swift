@testable import Courier
import Foundation
import HTTPTypes
import Testing

@Suite struct SnakeCaseDecodingTests {
    private struct Release: Decodable, Sendable { var tagName: String; var isPrerelease: Bool; var htmlURL: URL? }

    @Test(arguments: [("isPrerelease", "is_prerelease"), ("htmlURL", "html_url"), ("tagName", "tag_name"), ("id", "id"),
                      ("userID2", "user_id2"), ("URLValue", "url_value")])
    func swiftNamesBecomeWireKeys(name: String, wire: String) {
        #expect(SnakeCaseWireKeys.snakeCase(name) == wire)
    }

    @Test func aDecodingErrorNamesTheWireKeys() throws {
        let decoder = JSONCoding(keyStrategy: .snakeCase).makeDecoder()
        let response = RawResponse(http: HTTPResponse(status: .ok), body: Data(#"[{"tag_name":"v1"}]"#.utf8))
        do {
            _ = try ResponseDecoding<[Release]>.snakeCaseJSON.decode(response, decoder)
            Issue.record("decoded without is_prerelease")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "is_prerelease")
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["0"])
        }
    }
}
