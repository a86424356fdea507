@testable import CourierGenerator
import Testing

@Suite struct OutputLayoutTests {
    @Test func shardsAreStableAndInRange() {
        // Pinned (mixed FNV-1a: "Pet" → bucket 8 of 36, "Owner" → 7, "" → 24): a model must not move
        // files between releases without a reason.
        #expect(OutputLayout.shard(of: "Pet") == OutputLayout.shard(of: "Pet"))
        #expect([OutputLayout.shard(of: "Pet"), OutputLayout.shard(of: "Owner"), OutputLayout.shard(of: "")] == [1, 4, 5])
        for index in 0..<1_000 {
            #expect((1...OutputLayout.shardCount).contains(OutputLayout.shard(of: "Model\(index)")))
        }
    }

    @Test func theFirstHalfOfTheShardsTakesAboutFiveNinthsOfTheModels() {
        let names = (0..<3_600).map { "Resource\($0)Detail" }
        var perShard = [Int](repeating: 0, count: OutputLayout.shardCount + 1)
        for name in names { perShard[OutputLayout.shard(of: name)] += 1 }
        let firstHalf = perShard[1...OutputLayout.shardCount / 2].reduce(0, +)
        let share = Double(firstHalf) / Double(names.count)
        #expect(share > 0.52 && share < 0.60, "first half holds \(share) of the models")
        for shard in 1...OutputLayout.shardCount {
            #expect(perShard[shard] > names.count / 12, "shard \(shard) holds only \(perShard[shard])")
        }
    }

    @Test func fileNamesPutTheShardBeforeTheKind() {
        let names = OutputLayout.outputFileNames(forSpec: "specs/petstore.courier.yaml")
        #expect(names.count == 3 + 3 * OutputLayout.shardCount)
        #expect(names.contains("petstore.3.Models.swift"))
        #expect(names.contains("petstore.3.Endpoints.swift"))
        #expect(names.contains("petstore.8.Client.swift"))
        #expect(names.contains("petstore.Service.swift"))
    }
}
