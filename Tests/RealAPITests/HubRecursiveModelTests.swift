import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubRecursiveModelTests {
    private static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aTeamHoldsItsParentTeams() async throws {
        let json = #"{"name":"runtime","parent":{"name":"platform","parent":{"name":"engineering"}}}"#
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/teams/3") { _ in .json(json) }
        harness.start()
        var team = try await harness.hub.getTeam(id: 3)
        #expect(team.parent?.parent?.name == "engineering")
        #expect(team.parent?.parent?.parent == nil)
        #expect(try Self.encoded(team) == json)
        let before = team
        team.parent?.parent = Hub.Team(name: "company")
        #expect(before.parent?.parent?.name == "engineering", "values, not shared references")
        #expect(team.parent?.parent?.name == "company")
    }

    @Test func aRepositoryAndItsTemplateThroughTheOwner() async throws {
        let json = #"{"full_name":"octo/app","owner":{"latest_repository":{"full_name":"octo/lib","owner":{"login":"octo"}},"#
            + #""login":"octo"},"template_repository":{"full_name":"octo/template","owner":{"login":"octo"}}}"#
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/octo/app") { _ in .json(json) }
        harness.start()
        let repository = try await harness.hub.getRepository(owner: "octo", repo: "app")
        #expect(repository.templateRepository?.fullName == "octo/template")
        #expect(repository.owner.latestRepository?.fullName == "octo/lib")
        let text = try Self.encoded(repository)
        #expect(text == json, "\(text)")
        let copy = repository
        #expect(copy == repository && copy.hashValue == repository.hashValue)
    }
}
