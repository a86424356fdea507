@testable import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// The output-layout rule the build plugin and the tool share (`Plugins/Shared/SpecLayout.swift`).
@Suite struct SpecLayoutTests {
    private static func outline(models: [String], endpoints: Int = 0) -> SpecOutline {
        SpecOutline(models: models.map { .init(name: $0, weight: 2) }, endpointCount: endpoints)
    }

    @Test func shardsAreStableAndInRange() {
        // Pinned (mixed FNV-1a: "Pet" → bucket 14 of 62, "Owner" → 12, "" → 41; shards 1–6 hold
        // buckets 0–11, two each, and shards 7–16 five each): a model must not move files between
        // releases without a reason.
        let pinned: [Int] = ["Pet", "Owner", ""].map { SpecLayout.shard(of: $0, count: 16) }
        #expect(pinned == [7, 7, 12])
        for index in 0..<1_000 {
            #expect((1...SpecLayout.shardCount).contains(SpecLayout.shard(of: "Model\(index)", count: 16)))
            #expect((1...4).contains(SpecLayout.shard(of: "Model\(index)", count: 4)))
            #expect(SpecLayout.shard(of: "Model\(index)", count: 1) == 1)
        }
    }

    @Test func theFirstSixShardsTakeAboutAFifthOfTheModels() {
        let names = (0..<6_200).map { "Resource\($0)Detail" }
        var perShard = [Int](repeating: 0, count: SpecLayout.shardCount + 1)
        for name in names { perShard[SpecLayout.shard(of: name, count: 16)] += 1 }
        let share = Double(perShard[1...6].reduce(0, +)) / Double(names.count)
        #expect(share > 0.17 && share < 0.23, "the first six shards hold \(share) of the models")
        for shard in 1...6 {
            #expect(perShard[shard] > 150 && perShard[shard] < 250, "light shard \(shard) holds \(perShard[shard])")
        }
        for shard in 7...SpecLayout.shardCount {
            #expect(perShard[shard] > 400 && perShard[shard] < 600, "shard \(shard) holds \(perShard[shard])")
        }
    }

    @Test func theShapeFollowsTheCountsOfModelsAndEndpoints() {
        #expect(SpecLayout.shape(modelCount: 0, endpointCount: 0) == .compact(modelFiles: 1))
        #expect(SpecLayout.shape(modelCount: 8, endpointCount: 4) == .compact(modelFiles: 1))
        #expect(SpecLayout.shape(modelCount: 8, endpointCount: 5) == .compact(modelFiles: 4))
        #expect(SpecLayout.shape(modelCount: 30, endpointCount: 30) == .compact(modelFiles: 4))
        #expect(SpecLayout.shape(modelCount: 30, endpointCount: 31) == .sharded(4))
        #expect(SpecLayout.shape(modelCount: 100, endpointCount: 50) == .sharded(4))
        #expect(SpecLayout.shape(modelCount: 200, endpointCount: 300) == .sharded(16))
    }

    @Test func shardedFilesPutTheTwoDigitShardFirstAndNameModelsFilesByTheirFirstModel() {
        let models = (0..<200).map { "Model\($0)" }
        let layout = SpecLayout(outline: Self.outline(models: models, endpoints: 300))
        #expect(layout.shape == .sharded(16))
        let names = layout.fileNames(stem: "api")
        #expect(names.count == 4 + 3 * 16)
        #expect(Set(names).count == names.count)
        for shard in 1...16 {
            // The first model, in spec order, that hashes to the shard names its file.
            let first = models.first { SpecLayout.shard(of: $0, count: 16) == shard }
            let number = shard < 10 ? "0\(shard)" : "\(shard)"
            #expect(names.contains("api.\(number).Models.\(first ?? "").swift"), "shard \(shard)")
            #expect(names.contains("api.\(number).Endpoints.swift"))
            #expect(names.contains("api.\(number).Client.swift"))
        }
        // Sorted, the first third of the files are the five light shards and the sixth's endpoints
        // and client methods: that run is the first batch of a two-core build; the second starts
        // with the sixth (light) shard's models.
        let sorted = names.sorted()
        #expect(Array(sorted.prefix(17)).last == "api.06.Endpoints.swift")
        #expect(sorted.suffix(4) == ["api.Client.swift", "api.Endpoints.swift", "api.Samples.swift", "api.Service.swift"])
        // Models go where their names hash, whatever the outline saw.
        #expect(layout.modelParts(["Model7", "Unlisted"]) == [SpecLayout.shard(of: "Model7", count: 16), SpecLayout.shard(of: "Unlisted", count: 16)])
    }

    @Test func aShardWithoutModelsIsNamedByItsNumberAlone() {
        let layout = SpecLayout(shape: .sharded(16), outline: Self.outline(models: ["Pet"]))
        let names = layout.fileNames(stem: "a")
        #expect(names.contains("a.07.Models.Pet.swift"))
        #expect(names.contains("a.01.Models.swift"))
        #expect(names.filter { $0.contains(".Models") }.count == 16)
    }

    @Test func compactModelsFilesAreRunsInSpecOrderNamedByTheirFirstModel() {
        let models = ["Pet", "Owner", "Tag", "Photo", "Order", "Address", "Category", "Error"]
        let layout = SpecLayout(shape: .compact(modelFiles: 4), outline: Self.outline(models: models))
        #expect(layout.fileNames(stem: "a") == [
            "a.Service.swift", "a.Models.Pet.swift", "a.Models.Tag.swift", "a.Models.Order.swift", "a.Models.Category.swift",
            "a.Endpoints.swift", "a.Client.swift", "a.Samples.swift",
        ])
        #expect(layout.modelParts(models) == [1, 1, 2, 2, 3, 3, 4, 4])
        // A model the outline missed joins the run of the model before it.
        #expect(layout.modelParts(["Pet", "Extra", "Tag", "Other"]) == [1, 1, 2, 2])
        #expect(layout.modelParts(["Extra", "Pet"]) == [1, 1])
    }

    @Test func compactRunsFollowTheModelsWeightsAndNeverEmpty() {
        // One heavy model first: it fills a run alone, and the light ones share the rest.
        let heavy = SpecOutline(
            models: [.init(name: "Big", weight: 40)] + (1...6).map { .init(name: "Small\($0)", weight: 2) }, endpointCount: 0)
        let layout = SpecLayout(shape: .compact(modelFiles: 4), outline: heavy)
        #expect(layout.modelFileLabels.first == "Big")
        #expect(layout.modelFileCount == 4)
        #expect(layout.modelParts(heavy.models.map(\.name)) == [1, 2, 2, 3, 3, 4, 4])
        // Fewer models than files: one file each.
        let two = SpecLayout(shape: .compact(modelFiles: 4), outline: Self.outline(models: ["A", "B"]))
        #expect(two.fileNames(stem: "a").filter { $0.contains("Models") } == ["a.Models.A.swift", "a.Models.B.swift"])
        let one = SpecLayout(shape: .compact(modelFiles: 4), outline: Self.outline(models: ["A"]))
        #expect(one.fileNames(stem: "a").filter { $0.contains("Models") } == ["a.Models.swift"])
    }

    @Test func fileNamesSurviveCaseInsensitiveFileSystemsAndOddKeys() {
        let layout = SpecLayout(shape: .compact(modelFiles: 4), outline: Self.outline(models: ["Pet", "pet", "a/b c", "Zed"]))
        #expect(layout.modelFileLabels == ["Pet", "pet_2", "a_b_c", "Zed"])
    }

    @Test func theOutlineReadsModelAndEndpointKeysAndIgnoresFormatting() {
        let spec = """
            courier: 1
            service: Shop   # the namespace
            models:
              # a comment between models
              "Pet":
                id: Int64

                name: String
              Owner: { name: String }
            x-anchors: &a
              Ignored: String
            endpoints:
              getPet:
                get: /pets/{id}
              listPets: { get: /pets }
            """
        let outline = SpecOutline(yaml: spec)
        #expect(outline.models.map(\.name) == ["Pet", "Owner"])
        #expect(outline.models.map(\.weight) == [3, 1])
        #expect(outline.endpointCount == 2)
        let reformatted = spec.replacingOccurrences(of: "\n", with: "\r\n")
            .replacingOccurrences(of: "models:", with: "models:   # all of them\n\n# between")
            .replacingOccurrences(of: "    id: Int64", with: "    id: Int64   # the key")
        #expect(SpecOutline(yaml: reformatted) == outline)
        // Four-space indentation, sections in another order.
        let other = "endpoints:\n    a: { get: /a }\nmodels:\n    Pet:\n        id: Int64\n        name: String\n    Owner: { name: String }\n"
        #expect(SpecOutline(yaml: other).models.map(\.name) == ["Pet", "Owner"])
        #expect(SpecOutline(yaml: other).endpointCount == 1)
        // Flow style outlines as empty: the smallest layout, the same in the plugin and the tool.
        #expect(SpecOutline(yaml: "models: { Pet: { id: Int } }\n").models.isEmpty)
    }

    /// The line scan must find what the parser finds in every spec this repository compiles, or
    /// the files would be named after models that are not first in them.
    @Test(arguments: ["Sources/PetstoreAPI/petstore.courier.yaml", "Sources/PetstoreAPI/chat.courier.yaml",
                      "Sources/PetstoreAPI/inventory.courier.yaml", "Sources/RealAPI/hub.courier.yaml"])
    func theOutlineAgreesWithTheParser(spec: String) throws {
        let path = Rendering.packageRoot + "/" + spec
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let loaded = SpecLoader().load(files: [path])
        let parsed = try #require(loaded.specs.first)
        let outline = SpecOutline(yaml: text)
        #expect(outline.models.map(\.name) == parsed.models.map(\.name.value))
        #expect(outline.endpointCount == parsed.endpoints.count)
    }

    @Test func endpointsOfOneResourceShareAKey() {
        #expect(SpecLayout.resourceKey(ofPath: "/repos/{owner}/{repo}/issues/{number}") == "repos/issues")
        #expect(SpecLayout.resourceKey(ofPath: "/repos/{owner}/{repo}/issues") == "repos/issues")
        #expect(SpecLayout.resourceKey(ofPath: "/pets/{id}") == "pets")
        #expect(SpecLayout.resourceKey(ofPath: "/pets") == "pets")
        #expect(SpecLayout.resourceKey(ofPath: "/") == "")
    }

    /// Adding a comment, blank lines or a description changes no file name: the old rule chose by
    /// bytes, so a comment could move code between files.
    @Test func commentsAndDescriptionsMoveNoFile() throws {
        let path = Rendering.packageRoot + "/Sources/PetstoreAPI/petstore.courier.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let padded = String(repeating: "# a long comment line that makes the spec far larger in bytes\n", count: 2_000) + text
        let before = SpecLayout(outline: SpecOutline(yaml: text)).fileNames(stem: "petstore")
        #expect(SpecLayout(outline: SpecOutline(yaml: padded)).fileNames(stem: "petstore") == before)
    }
}
