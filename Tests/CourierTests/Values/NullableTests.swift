import Courier
import Foundation
import Testing

@Suite struct NullableTests {
    private struct Update: Codable, Equatable {
        var milestone: Nullable<Int>?
        var assignee: String?

        init(milestone: Nullable<Int>?, assignee: String?) {
            self.milestone = milestone
            self.assignee = assignee
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            milestone = try container.readNullableIfPresent(Int.self, "milestone")
            assignee = try container.readNullable(String.self, "assignee")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.writeNullableIfPresent(milestone, "milestone")
            try container.write(assignee, "assignee")
        }
    }

    private func json(_ value: Update) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func absentNullAndValueStayDistinct() throws {
        #expect(try json(Update(milestone: nil, assignee: nil)) == #"{"assignee":null}"#)
        #expect(try json(Update(milestone: .null, assignee: "ada")) == #"{"assignee":"ada","milestone":null}"#)
        #expect(try json(Update(milestone: .value(3), assignee: nil)) == #"{"assignee":null,"milestone":3}"#)
    }

    @Test func decodingKeepsNullKeysThatCameIn() throws {
        for text in [#"{"assignee":null}"#, #"{"assignee":null,"milestone":null}"#, #"{"assignee":"ada","milestone":3}"#] {
            let value = try JSONDecoder().decode(Update.self, from: Data(text.utf8))
            #expect(try json(value) == text)
        }
    }

    @Test func aRequiredNullableKeyMustBePresent() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Update.self, from: Data("{}".utf8)) }
    }

    @Test func conveniences() {
        #expect(Nullable<Int>(nil) == .null)
        #expect(Nullable(4).wrapped == 4)
        #expect(Nullable<Int>.null.wrapped == nil)
    }
}
