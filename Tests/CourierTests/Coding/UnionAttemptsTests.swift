import Courier
import Foundation
import Testing

@Suite struct UnionAttemptsTests {
    private struct Owner: Decodable { var login: String }
    private struct Details: Decodable { var name: String; var owner: Owner }

    /// A union tried in order, written as generated ones are.
    private enum Label: Decodable {
        case name(String)
        case details(Details)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            var attempts = UnionAttempts()
            do {
                self = .name(try container.decode(String.self))
                return
            } catch {
                attempts.record(error, trying: "String")
            }
            do {
                self = .details(try container.decode(Details.self))
                return
            } catch {
                attempts.record(error, trying: "Details")
            }
            throw attempts.mismatch(in: container, "Expected one of String, Details")
        }
    }

    private func failure(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode([String: [Label]].self, from: Data(json.utf8))
            return "decoded"
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    @Test func theErrorSaysWhyEachCaseFailedWithPlacesBelowTheUnion() {
        let missing = failure(#"{"labels": [{"name": "x", "owner": {}}]}"#)
        #expect(missing.hasPrefix("Expected one of String, Details; String: "), "\(missing)")
        #expect(missing.hasSuffix(#"; Details: missing key "login" at owner"#), "\(missing)")
        let wrongType = failure(#"{"labels": [{"name": 3, "owner": {"login": "a"}}]}"#)
        #expect(wrongType.contains("; Details: ") && wrongType.hasSuffix(" at name"), "\(wrongType)")
    }
}
