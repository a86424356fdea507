import Courier
import Foundation
import Testing

/// A model with one field of each helper's kind, coded the way a generated model is.
private struct Sample: Codable, Equatable {
    var name: String
    var level: Int
    var note: String?
    var day: Date?
    var assignee: String?
    var milestone: Nullable<Int>?

    init(name: String, level: Int, note: String?, day: Date?, assignee: String?, milestone: Nullable<Int>?) {
        (self.name, self.level, self.note, self.day, self.assignee, self.milestone) = (name, level, note, day, assignee, milestone)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        name = try container.read(String.self, "name")
        level = try container.readIfPresent(Int.self, "level") ?? 1
        note = try container.readIfPresent(String.self, "note")
        day = try container.readIfPresent(Date.self, "day", format: .date)
        assignee = try container.readNullable(String.self, "assignee")
        milestone = try container.readNullableIfPresent(Int.self, "milestone")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.write(name, "name")
        try container.write(level, "level")
        try container.writeIfPresent(note, "note")
        try container.writeIfPresent(day, "day", format: .date)
        try container.write(assignee, "assignee")
        try container.writeNullableIfPresent(milestone, "milestone")
    }
}

@Suite("Field coding helpers: read and write one field at a time")
struct FieldCodingTests {
    private func decode(_ json: String) throws -> Sample {
        try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
    }

    private func encode(_ sample: Sample) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(sample), as: UTF8.self)
    }

    @Test("a full object round-trips; a missing optional is nil and a missing default takes it")
    func roundTrip() throws {
        let full = try decode(#"{"name":"a","level":3,"note":"n","day":"2024-05-01","assignee":null,"milestone":null}"#)
        #expect(full == Sample(name: "a", level: 3, note: "n", day: Date(timeIntervalSince1970: 1_714_521_600),
                               assignee: nil, milestone: .null))
        #expect(try encode(full) == #"{"assignee":null,"day":"2024-05-01","level":3,"milestone":null,"name":"a","note":"n"}"#)

        let sparse = try decode(#"{"name":"b","assignee":"kim"}"#)
        #expect(sparse == Sample(name: "b", level: 1, note: nil, day: nil, assignee: "kim", milestone: nil))
        #expect(try encode(sparse) == #"{"assignee":"kim","level":1,"name":"b"}"#)
    }

    @Test("a missing required key, a missing nullable key and a bad date each name their key")
    func errors() throws {
        func missingKey(_ json: String) -> String? {
            do {
                _ = try decode(json)
            } catch DecodingError.keyNotFound(let key, _) {
                return key.stringValue
            } catch {
                return "other: \(error)"
            }
            return nil
        }
        #expect(missingKey(#"{"assignee":null}"#) == "name")
        #expect(missingKey(#"{"name":"a"}"#) == "assignee")

        #expect {
            _ = try decode(#"{"name":"a","assignee":null,"day":"May 1st"}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.last?.stringValue == "day" && context.debugDescription.contains("Expected date")
        }
    }
}

/// Nullable dates with a format of their own, coded the way a generated model codes them.
private struct Trip: Codable, Equatable {
    var start: Date?
    var end: Nullable<Date>?

    init(start: Date?, end: Nullable<Date>?) {
        (self.start, self.end) = (start, end)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        start = try container.readNullable(Date.self, "start", format: .date)
        end = try container.readNullableIfPresent(Date.self, "end", format: .date)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.writeNullable(start, "start", format: .date)
        try container.writeNullableIfPresent(end, "end", format: .date)
    }
}

@Suite("Field coding helpers: nullable dates in a format of their own")
struct NullableDateFieldCodingTests {
    private let may1 = Date(timeIntervalSince1970: 1_714_521_600)

    private func decode(_ json: String) throws -> Trip {
        // The service-wide strategy is seconds: the fields' own format must win over it.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(Trip.self, from: Data(json.utf8))
    }

    private func encode(_ trip: Trip) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(trip), as: UTF8.self)
    }

    @Test("a day, null and a missing key each come back as they were sent")
    func roundTrip() throws {
        let days = try decode(#"{"start":"2024-05-01","end":"2024-05-01"}"#)
        #expect(days == Trip(start: may1, end: .value(may1)))
        #expect(try encode(days) == #"{"end":"2024-05-01","start":"2024-05-01"}"#)

        let nulls = try decode(#"{"start":null,"end":null}"#)
        #expect(nulls == Trip(start: nil, end: .null))
        #expect(try encode(nulls) == #"{"end":null,"start":null}"#)

        let missing = try decode(#"{"start":null}"#)
        #expect(missing == Trip(start: nil, end: nil))
        #expect(try encode(missing) == #"{"start":null}"#)
    }

    @Test("a missing always-present key and a day in another format are errors naming their key")
    func errors() throws {
        #expect {
            _ = try decode(#"{"end":null}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "start"
        }
        #expect {
            _ = try decode(#"{"start":null,"end":"2024-05-01T10:00:00Z"}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.last?.stringValue == "end"
        }
    }
}
