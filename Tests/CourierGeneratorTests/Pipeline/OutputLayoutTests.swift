@testable import CourierGenerator
import Testing

@Suite struct OutputLayoutTests {
    @Test func shardsAreStableAndInRange() {
        // Pinned (mixed FNV-1a: "Pet" → bucket 14 of 62, "Owner" → 12, "" → 41; shards 1–6 hold
        // buckets 0–11, two each, and shards 7–16 five each): a model must not move files between
        // releases without a reason.
        #expect([OutputLayout.shard(of: "Pet"), OutputLayout.shard(of: "Owner"), OutputLayout.shard(of: "")] == [7, 7, 12])
        for index in 0..<1_000 {
            #expect((1...OutputLayout.shardCount).contains(OutputLayout.shard(of: "Model\(index)")))
        }
    }

    @Test func theFirstSixShardsTakeAboutAFifthOfTheModels() {
        let names = (0..<6_200).map { "Resource\($0)Detail" }
        var perShard = [Int](repeating: 0, count: OutputLayout.shardCount + 1)
        for name in names { perShard[OutputLayout.shard(of: name)] += 1 }
        let light = perShard[1...6].reduce(0, +)
        let share = Double(light) / Double(names.count)
        #expect(share > 0.17 && share < 0.23, "the first six shards hold \(share) of the models")
        for shard in 1...6 {
            #expect(perShard[shard] > 150 && perShard[shard] < 250, "light shard \(shard) holds \(perShard[shard])")
        }
        for shard in 7...OutputLayout.shardCount {
            #expect(perShard[shard] > 400 && perShard[shard] < 600, "shard \(shard) holds \(perShard[shard])")
        }
    }

    @Test func fileNamesPutTheTwoDigitShardBeforeTheKind() {
        let names = OutputLayout.outputFileNames(forSpec: "specs/petstore.courier.yaml")
        #expect(names.count == 4 + 3 * OutputLayout.shardCount)
        for name in ["petstore.03.Models.swift", "petstore.03.Endpoints.swift", "petstore.16.Client.swift", "petstore.Service.swift"] {
            #expect(names.contains(name), "missing \(name)")
        }
        // Sorted, the first third of the files are the five light shards and the sixth's endpoints
        // and client methods: that run is the first batch of a two-core build; the second starts
        // with the sixth (light) shard's models.
        let sorted = names.sorted()
        #expect(Array(sorted.prefix(17)).last == "petstore.06.Endpoints.swift")
        #expect(sorted.suffix(4) == ["petstore.Client.swift", "petstore.Endpoints.swift", "petstore.Samples.swift", "petstore.Service.swift"])
    }

    @Test func theLayoutFollowsTheSpecsSize() {
        #expect(OutputLayout.Layout.forSpec(bytes: 512) == .compact(modelFiles: 1))
        #expect(OutputLayout.Layout.forSpec(bytes: 5_728) == .compact(modelFiles: 4))
        #expect(OutputLayout.Layout.forSpec(bytes: 23_999) == .compact(modelFiles: 4))
        #expect(OutputLayout.Layout.forSpec(bytes: 40_000) == .sharded(4))
        #expect(OutputLayout.Layout.forSpec(bytes: 87_315) == .sharded(16))
        #expect(OutputLayout.outputFileNames(forSpec: "a.courier.yaml", layout: .compact(modelFiles: 1)) == [
            "a.Service.swift", "a.Models.swift", "a.Endpoints.swift", "a.Client.swift", "a.Samples.swift",
        ])
        #expect(OutputLayout.outputFileNames(forSpec: "a.courier.yaml", layout: .compact(modelFiles: 4)) == [
            "a.Service.swift", "a.Models.1.swift", "a.Models.2.swift", "a.Models.3.swift", "a.Models.4.swift",
            "a.Endpoints.swift", "a.Client.swift", "a.Samples.swift",
        ])
        #expect(OutputLayout.outputFileNames(forSpec: "a.courier.yaml", layout: .sharded(4)).count == 16)
        for layout in OutputLayout.Layout.all {
            #expect(OutputLayout.Layout(argument: layout.argument) == layout)
        }
        #expect(OutputLayout.Layout(argument: "compact2") == nil)
        #expect(OutputLayout.Layout(argument: "16") == nil)
        for index in 0..<200 {
            #expect((1...4).contains(OutputLayout.shard(of: "Model\(index)", count: 4)))
            #expect(OutputLayout.shard(of: "Model\(index)", count: 1) == 1)
        }
    }

    /// The build plugin cannot link the generator, so it keeps a copy of the size rule; a copy that
    /// drifts would declare other files than the tool writes.
    @Test func theBuildPluginsCopyOfTheRuleMatches() throws {
        let source = try String(contentsOfFile: Rendering.packageRoot + "/Plugins/Shared/CourierFiles.swift", encoding: .utf8)
        let bands = source.matches(of: /size < ([0-9_]+) \? \.(compact\(modelFiles: \d+\)|sharded\(\d+\))/)
        #expect(bands.count == 3)
        for band in bands {
            let bytes = try #require(Int(band.output.1.replacingOccurrences(of: "_", with: "")))
            // `compact(modelFiles: 4)` → `compact4`, `sharded(4)` → `sharded4`: the tool's spelling.
            let plugin = String(band.output.2).filter { $0.isLetter || $0.isNumber }.replacingOccurrences(of: "modelFiles", with: "")
            let generator = OutputLayout.Layout.forSpec(bytes: bytes - 1)
            #expect(generator.argument == plugin, "below \(bytes) bytes the plugin says \(plugin), the generator \(generator)")
            #expect(OutputLayout.Layout.forSpec(bytes: bytes) != generator, "the generator's band ends at \(bytes) too")
        }
        #expect(source.contains(": .sharded(16)"), "the largest band")
        #expect(OutputLayout.Layout.forSpec(bytes: 1 << 30) == .sharded(16))
    }

    @Test func endpointsOfOneResourceShareAKey() {
        #expect(OutputLayout.resourceKey(ofPath: "/repos/{owner}/{repo}/issues/{number}") == "repos/issues")
        #expect(OutputLayout.resourceKey(ofPath: "/repos/{owner}/{repo}/issues") == "repos/issues")
        #expect(OutputLayout.resourceKey(ofPath: "/pets/{id}") == "pets")
        #expect(OutputLayout.resourceKey(ofPath: "/pets") == "pets")
        #expect(OutputLayout.resourceKey(ofPath: "/") == "")
    }
}
