import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubUnionTests {
    private static let events = #"[{"actor":{"login":"ada","site_admin":true,"type":"user"},"id":1,"labels":["bug",{"color":"f00","name":"p1"}]},"#
        + #"{"actor":{"app_slug":"ci","login":"ci[bot]","type":"bot"},"id":2,"labels":[]},"#
        + #"{"actor":{"login":"x","scopes":["repo"],"type":"app"},"id":3,"labels":["app"]}]"#

    @Test func unionsDecodeByDiscriminatorOrInOrderAndEncodeBackTheSame() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/events") { _ in .json(Self.events) }
        harness.start()
        let events = try await harness.hub.listEvents()
        #expect(events.count == 3)
        guard case .user(let user) = events[0].actor else { Issue.record("not a user: \(events[0].actor)"); return }
        #expect(user.login == "ada" && user.siteAdmin)
        #expect(events[0].labels == [.name("bug"), .details(Hub.LabelDetails(name: "p1", color: "f00"))])
        guard case .bot(let bot) = events[1].actor else { Issue.record("not a bot"); return }
        #expect(bot.appSlug == "ci")
        // An unknown discriminator value decodes instead of failing, and keeps everything it held.
        guard case .unknown(let raw) = events[2].actor else { Issue.record("not unknown"); return }
        #expect(raw == .object(["login": .string("x"), "type": .string("app"), "scopes": .array([.string("repo")])]))

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let text = String(decoding: try encoder.encode(events), as: UTF8.self)
        #expect(text == Self.events, "\(text)")
    }

    private static let timeline = #"[{"commit_id":"abc","event":"closed"},{"commit_id":null,"event":"reopened"},"#
        + #"{"event":"labeled","label":{"color":"f00","name":"bug"}}]"#

    @Test func twoDiscriminatorValuesOfOneSchemaDecodeAsTheirOwnCasesAndEncodeBackTheSame() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/o/r/issues/7/timeline") { _ in .json(Self.timeline) }
        harness.start()
        let items = try await harness.hub.listTimeline(owner: "o", repo: "r", number: 7)
        #expect(items == [
            .closed(Hub.StateChange(event: "closed", commitId: "abc")),
            .reopened(Hub.StateChange(event: "reopened", commitId: nil)),
            .labeled(Hub.Labeling(event: "labeled", label: Hub.LabelDetails(name: "bug", color: "f00"))),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // Each case writes the `event` its value holds; the nil commit is left out.
        let text = String(decoding: try encoder.encode(items), as: UTF8.self)
        #expect(text == Self.timeline.replacingOccurrences(of: #""commit_id":null,"#, with: ""), "\(text)")
    }

    @Test func anElementWithoutItsDiscriminatorIsUnknownAndItsFieldsReadable() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        let body = #"[{"event":"closed"},{"commit_id":"abc","actor":{"login":"ada"}},{"event":null,"n":[1]}]"#
        harness.server.route(.get, "/repos/o/r/issues/7/timeline") { _ in .json(body) }
        harness.start()
        let items = try await harness.hub.listTimeline(owner: "o", repo: "r", number: 7)
        #expect(items.count == 3, "one element without `event` does not fail the list")
        #expect(items[0] == .closed(Hub.StateChange(event: "closed")))
        guard case .unknown(let raw) = items[1] else { Issue.record("not unknown: \(items[1])"); return }
        #expect(raw["commit_id"]?.stringValue == "abc" && raw["actor"]?["login"]?.stringValue == "ada")
        #expect(raw["event"] == nil)
        guard case .unknown(let nullEvent) = items[2] else { Issue.record("not unknown: \(items[2])"); return }
        #expect(nullEvent["event"]?.isNull == true && nullEvent["n"]?[0]?.intValue == 1)
    }

    @Test func aLabelOfNeitherShapeFailsWithTheTypesTried() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/events") { _ in .json(#"[{"actor":{"type":"user","login":"a"},"id":1,"labels":[7]}]"#) }
        harness.start()
        do {
            _ = try await harness.hub.listEvents()
            Issue.record("decoded a number as a label")
        } catch let error as CourierError {
            #expect("\(error)".contains("Expected one of String, LabelDetails"), "\(error)")
        }
    }

    @Test func aLabelObjectMissingAKeySaysWhyEachCaseFailed() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/events") { _ in
            .json(#"[{"actor":{"type":"user","login":"a"},"id":1,"labels":[{"name":"p1"}]}]"#)
        }
        harness.start()
        do {
            _ = try await harness.hub.listEvents()
            Issue.record("decoded a label without its color")
        } catch let error as CourierError {
            let text = "\(error)"
            #expect(text.contains("Expected one of String, LabelDetails (Label tries them in this order); String: "), "\(text)")
            #expect(text.contains(#"; LabelDetails: missing key "color""#), "\(text)")
        }
    }
}
