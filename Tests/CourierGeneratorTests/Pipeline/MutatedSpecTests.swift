@testable import CourierGenerator
import CourierSpec
import CourierTestServer
import Foundation
import Testing

/// Bad input gets diagnostics, never a crash: the Petstore spec, damaged a few hundred ways with a
/// fixed seed, goes through load, translate and render; every diagnostic points inside the file,
/// and a spec that loads without errors either generates or says why not.
@Suite struct MutatedSpecTests {
    static let petstore: String = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""

    /// A small deterministic generator (SplitMix64), so a failure names a reproducible case.
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let fragments = [":", "[", "]", "{", "}", "?", "&a", "*a", "<<: *a", "- ", "\t", "'", "\"", "= ", "#", "\u{0}", "é", "{id}", "\n  ", "---\n"]

    static func mutate(_ text: String, seed: UInt64) -> String {
        var random = SeededRandom(state: seed)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = Int.random(in: 0..<lines.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: lines.remove(at: index)
            case 1: lines.insert(lines[index], at: index)
            case 2: lines[index] = String(lines[index].dropFirst(Int.random(in: 0...4, using: &random)))
            case 3:
                var characters = Array(lines[index])
                let at = characters.isEmpty ? 0 : Int.random(in: 0...characters.count, using: &random)
                characters.insert(contentsOf: fragments.randomElement(using: &random) ?? ":", at: at)
                lines[index] = String(characters)
            default: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
            }
            if lines.isEmpty { lines = [""] }
        }
        return lines.joined(separator: "\n")
    }

    /// The path diagnostics name; sample paths resolve against the real specs directory.
    static let file = Rendering.packageRoot + "/specs/petstore.courier.yaml"

    @Test func theUndamagedSpecLoadsCleanly() {
        let result = SpecLoader().load(source: Self.petstore, file: Self.file)
        #expect(!Self.petstore.isEmpty)
        #expect(result.diagnostics.map(\.description) == [])
    }

    /// What one pass over the damaged specs found.
    struct DamageSurvey: Sendable {
        var damaged = 0
        var generated = 0
        /// Every broken promise, naming its seed: a diagnostic outside the file or without a
        /// message, or a rendered file count that differs from the layout's.
        var problems: [String] = []
    }

    /// Loads, translates and renders 300 damaged copies of the Petstore spec.
    static func survey() throws -> DamageSurvey {
        let renderer = try Rendering.renderer()
        var survey = DamageSurvey()
        for seed in 0..<300 {
            let text = Self.mutate(Self.petstore, seed: UInt64(seed))
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            let result = SpecLoader().load(source: text, file: Self.file)
            if result.hasErrors { survey.damaged += 1 }
            var diagnostics = result.diagnostics
            if !result.hasErrors {
                let translated = Translator().translate(result.specs)
                diagnostics += translated.diagnostics
                if !translated.diagnostics.contains(where: { $0.severity == .error }) {
                    for model in translated.models {
                        let files = try renderer.render(model)
                        let layout = SpecLayout(outline: SpecOutline(yaml: text))
                        let expected = OutputLayout.outputFileNames(forSpec: Self.file, layout: layout).count
                        if files.count != expected {
                            survey.problems.append("seed \(seed): \(files.count) files rendered, the layout names \(expected)")
                        }
                    }
                    survey.generated += 1
                }
            }
            for diagnostic in diagnostics {
                if !(1...lineCount + 1).contains(diagnostic.location.line) || diagnostic.location.column < 1 {
                    survey.problems.append("seed \(seed): outside the file: \(diagnostic)")
                }
                if diagnostic.message.isEmpty { survey.problems.append("seed \(seed): no message: \(diagnostic)") }
            }
        }
        return survey
    }

    @Test func damagedSpecsGetDiagnosticsInsideTheFile() async throws {
        // Seconds of computing in a debug build: on a thread of its own, not the tests' pool.
        let survey = try await OwnThread.run { try Self.survey() }
        #expect(survey.problems == [])
        let damaged = survey.damaged, generated = survey.generated
        // Most damage must be noticed; some (a swapped pair of fields, a duplicated comment) is harmless.
        #expect(damaged > 150, "only \(damaged) of 300 damaged specs were reported")
        #expect(generated > 0, "no damaged-but-valid spec reached the renderer")
    }
}
