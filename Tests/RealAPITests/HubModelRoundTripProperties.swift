import Courier
import Foundation
import PropertyChecking
import RealAPI
import Testing

/// Letters, digits, escapes and non-ASCII text, for the strings the models carry.
private let textCharacters: [Character] = Array("abcXYZ019 _-\"\\/\n\t") + ["é", "中", "🐶", "\u{0}"]

private extension SeededGenerator {
    mutating func text() -> String { string(from: textCharacters, maximumLength: 12) }
    mutating func maybe<T>(_ make: (inout SeededGenerator) -> T) -> T? { Bool.random(using: &self) ? make(&self) : nil }
    /// A whole second between 1970 and 2100: the service writes ISO 8601 without fractions.
    mutating func date() -> Date { Date(timeIntervalSince1970: TimeInterval(Int.random(in: 0...4_102_444_800, using: &self))) }

    mutating func issueUpdate() -> Hub.IssueUpdate {
        let milestone: Nullable<Int>? = switch Int.random(in: 0..<3, using: &self) {
        case 0: nil
        case 1: .null
        default: .value(Int.random(in: -1_000...1_000_000, using: &self))
        }
        return Hub.IssueUpdate(title: maybe { $0.text() }, milestone: milestone)
    }

    mutating func issue() -> Hub.Issue {
        Hub.Issue(
            number: Int.random(in: 1...99_999, using: &self), title: text(),
            milestone: maybe { Hub.Milestone(number: Int.random(in: 1...99, using: &$0), title: $0.text()) },
            closedAt: maybe { $0.date() })
    }

    mutating func actor() -> Hub.Actor {
        switch Int.random(in: 0..<3, using: &self) {
        case 0: return .user(Hub.User(type: "user", login: text(), siteAdmin: Bool.random(using: &self)))
        case 1: return .bot(Hub.Bot(type: "bot", login: text(), appSlug: text()))
        default:
            // A kind this client does not know: kept whole, whatever it holds.
            var object: [String: JSONValue] = ["type": .string("org" + text())]
            for _ in 0..<Int.random(in: 0...3, using: &self) {
                object[string(from: Array("abcdefxyz"), maximumLength: 6, minimumLength: 1)] = jsonValue(depth: 2)
            }
            return .unknown(.object(object))
        }
    }

    mutating func jsonValue(depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &self) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &self))
        case 2:
            // Whole numbers across all 64 bits: ids beyond 2^53 must come back digit for digit.
            if Bool.random(using: &self) { return .integer(Int64.random(in: .min ... .max, using: &self)) }
            return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &self)) / 8)
        case 3: return .string(text())
        case 4: return .array((0..<Int.random(in: 0...3, using: &self)).map { _ in jsonValue(depth: depth - 1) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &self) {
                object[string(from: Array("abcdefxyz"), maximumLength: 6, minimumLength: 1)] = jsonValue(depth: depth - 1)
            }
            return .object(object)
        }
    }

    mutating func event() -> Hub.Event {
        Hub.Event(
            id: Int.random(in: 1...1_000_000, using: &self), actor: actor(),
            labels: (0..<Int.random(in: 0...3, using: &self)).map { _ in
                Bool.random(using: &self) ? .name(text()) : .details(Hub.LabelDetails(name: text(), color: text()))
            })
    }

    mutating func repository(depth: Int) -> Hub.Repository {
        let owner = Hub.Owner(login: text(), latestRepository: depth > 0 ? maybe { $0.repository(depth: depth - 1) } : nil)
        return Hub.Repository(
            fullName: text(), owner: owner, templateRepository: depth > 0 ? maybe { $0.repository(depth: depth - 1) } : nil)
    }
}

/// Encodes `value` as the service does, decodes that, and says what differs; also what the JSON
/// says about each key `keys` names: absent, `null`, or present.
private func roundTrip<Model: Codable & Equatable>(_ value: Model, keys: [String] = []) -> (failure: String?, json: [String: String]) {
    let coding = Hub.service().coding
    do {
        let data = try coding.makeEncoder().encode(value)
        let text = String(decoding: data, as: UTF8.self)
        let again = try coding.makeDecoder().decode(Model.self, from: data)
        guard again == value else { return ("changed:\n\(value)\n\(again)\nencoded: \(text)", [:]) }
        var states: [String: String] = [:]
        if !keys.isEmpty, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
            for key in keys { states[key] = object[key].map { $0 is NSNull ? "null" : "present" } ?? "absent" }
        }
        return (nil, states)
    } catch {
        return ("\(error)", [:])
    }
}

@Suite("Properties: generated models round-trip through the service's own coding, absent and null kept apart")
struct HubModelRoundTripProperties {
    @Test("a PATCH body: nil leaves the key out, .null sends null, a value sends it; each decodes back the same")
    func issueUpdate() {
        Property.check(300, generate: { $0.issueUpdate() }) { update in
            let (failure, json) = roundTrip(update, keys: ["milestone", "title"])
            if let failure { return failure }
            let milestone = switch update.milestone {
            case nil: "absent"
            case .null?: "null"
            case .value?: "present"
            }
            guard json["milestone"] == milestone else { return "milestone \(String(describing: update.milestone)) was sent \(json["milestone"] ?? "?")" }
            guard json["title"] == (update.title == nil ? "absent" : "present") else { return "title sent \(json["title"] ?? "?")" }
            return nil
        }
    }

    @Test("a required nullable field is always sent (null when nil), a plain optional left out when nil")
    func issue() {
        Property.check(300, generate: { $0.issue() }) { issue in
            let (failure, json) = roundTrip(issue, keys: ["milestone", "closed_at"])
            if let failure { return failure }
            guard json["milestone"] == (issue.milestone == nil ? "null" : "present") else { return "milestone sent \(json["milestone"] ?? "?")" }
            guard json["closed_at"] == (issue.closedAt == nil ? "absent" : "present") else { return "closed_at sent \(json["closed_at"] ?? "?")" }
            return nil
        }
    }

    @Test("unions (by discriminator, and tried in order) and unknown kinds held whole round-trip")
    func events() {
        Property.check(300, generate: { generator in (0..<Int.random(in: 0...4, using: &generator)).map { _ in generator.event() } }) { events in
            roundTrip(events).failure
        }
    }

    @Test("recursive models, nested two deep, round-trip")
    func repositories() {
        Property.check(200, generate: { $0.repository(depth: 2) }) { repository in
            roundTrip(repository).failure
        }
    }
}
