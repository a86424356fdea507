import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("JSONCoding: dates and keys, decoded from the loopback server")
struct JSONCodingTests {
    struct Event: Codable, Sendable, Equatable {
        var name: String
        var startsAt: Date
    }

    private func decode<T: Decodable & Sendable>(_ json: String, as type: T.Type, coding: JSONCoding) async throws -> T {
        var value: T?
        try await withLoopback(
            routes: { $0.route(.get, "/value") { _ in .json(json) } },
            service: { $0.coding = coding }
        ) { _, client in
            value = try await client.send(Request<T>(method: .get, path: "/value"))
        }
        return try #require(value)
    }

    @Test("ISO-8601 dates with and without fractional seconds and with offsets", arguments: [
        ("2024-05-01T12:00:00Z", 1_714_564_800.0),
        ("2024-05-01T12:00:00.250Z", 1_714_564_800.25),
        ("2024-05-01T12:00:00.123456Z", 1_714_564_800.123),  // kept to the millisecond, as written
        ("2024-05-01T14:00:00+02:00", 1_714_564_800.0),
        ("2024-05-01T07:30:00-0430", 1_714_564_800.0),
    ])
    func iso8601(text: String, seconds: Double) async throws {
        let event = try await decode(#"{"name":"launch","startsAt":"\#(text)"}"#, as: Event.self, coding: .default)
        #expect(abs(event.startsAt.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test("seconds since 1970")
    func secondsSince1970() async throws {
        let event = try await decode(
            #"{"name":"launch","startsAt":1714564800.5}"#, as: Event.self, coding: JSONCoding(dateFormat: .secondsSince1970))
        #expect(event.startsAt == Date(timeIntervalSince1970: 1_714_564_800.5))
    }

    @Test("milliseconds since 1970")
    func millisecondsSince1970() async throws {
        let event = try await decode(
            #"{"name":"launch","startsAt":1714564800250}"#, as: Event.self, coding: JSONCoding(dateFormat: .millisecondsSince1970))
        #expect(event.startsAt == Date(timeIntervalSince1970: 1_714_564_800.25))
    }

    @Test("snake_case keys map to camelCase properties")
    func snakeCase() async throws {
        let event = try await decode(
            #"{"name":"launch","starts_at":"2024-05-01T12:00:00Z"}"#, as: Event.self,
            coding: JSONCoding(keyStrategy: .snakeCase))
        #expect(event == Event(name: "launch", startsAt: Date(timeIntervalSince1970: 1_714_564_800)))
    }

    @Test("a date that is not ISO-8601 is a decoding error at its key")
    func badDate() async throws {
        try await withLoopback(routes: { $0.route(.get, "/value") { _ in .json(#"{"name":"x","startsAt":"May 1st"}"#) } }) { _, client in
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(Request<Event>(method: .get, path: "/value")) }
            guard case .decoding(let failure)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(failure.codingPath == "startsAt")
            #expect(failure.message.contains("May 1st"))
        }
    }

    @Test("the encoder writes dates in the service format, in UTC, with milliseconds only when present")
    func encodesDates() async throws {
        try await withLoopback(routes: { $0.route(.post, "/echo") { .echo($0) } }) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/echo")
            request.body = .json([
                Event(name: "a", startsAt: Date(timeIntervalSince1970: 1_714_564_800)),
                Event(name: "b", startsAt: Date(timeIntervalSince1970: 1_714_564_800.5)),
            ])
            let echo = try await client.send(request)
            #expect(echo.body == #"[{"name":"a","startsAt":"2024-05-01T12:00:00Z"},{"name":"b","startsAt":"2024-05-01T12:00:00.500Z"}]"#)
        }
    }

    @Test("milliseconds since 1970 go out as whole numbers, as a per-field format writes them")
    func encodesWholeMilliseconds() async throws {
        try await withLoopback(routes: { $0.route(.post, "/echo") { .echo($0) } }, service: {
            $0.coding = JSONCoding(dateFormat: .millisecondsSince1970)
        }) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/echo")
            request.body = .json(Event(name: "a", startsAt: Date(timeIntervalSince1970: 1_714_564_800.123_456)))
            let echo = try await client.send(request)
            #expect(echo.body == #"{"name":"a","startsAt":1714564800123}"#)
        }
    }

    /// A model as the generator writes it: one field in a format of its own.
    struct Mixed: Codable, Sendable {
        var created: Date
        var day: Date?

        init(created: Date, day: Date?) {
            self.created = created
            self.day = day
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            created = try container.read(Date.self, "created", format: .millisecondsSince1970)
            day = try container.readIfPresent(Date.self, "day", format: .date)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.write(created, "created", format: .millisecondsSince1970)
            try container.writeIfPresent(day, "day", format: .date)
        }
    }

    @Test("per-field date formats override the service's")
    func perFieldFormats() async throws {
        let mixed = try await decode(#"{"created":1714564800250,"day":"2024-05-01"}"#, as: Mixed.self, coding: .default)
        #expect(mixed.created == Date(timeIntervalSince1970: 1_714_564_800.25))
        #expect(mixed.day == Date(timeIntervalSince1970: 1_714_521_600))
        let absent = try await decode(#"{"created":0,"day":null}"#, as: Mixed.self, coding: .default)
        #expect(absent.day == nil)

        let data = try JSONCoding.default.makeEncoder().encode(Mixed(created: Date(timeIntervalSince1970: 1), day: nil))
        #expect(String(decoding: data, as: UTF8.self) == #"{"created":1000}"#)
    }
}
