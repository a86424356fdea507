import Testing

/// SplitMix64: a fast, seeded generator, so that every property run draws the same values and a
/// failure names the seed that reproduces it. For the properties of Courier's test targets
/// (issue #28), shared by them through this module.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator that draws the sequence of `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A string of up to `maximumLength` characters drawn from `alphabet`.
    public mutating func string(from alphabet: [Character], maximumLength: Int, minimumLength: Int = 0) -> String {
        let length = Int.random(in: minimumLength...maximumLength, using: &self)
        return String((0..<length).map { _ in alphabet.randomElement(using: &self)! })
    }

    /// Up to `maximumLength` arbitrary bytes.
    public mutating func bytes(maximumLength: Int) -> [UInt8] {
        (0..<Int.random(in: 0...maximumLength, using: &self)).map { _ in UInt8.random(in: 0...255, using: &self) }
    }

    /// `bytes(maximumLength:)` with each byte drawn from `pool` three times in four (the bytes a
    /// parser looks for), else any byte.
    public mutating func bytes(maximumLength: Int, favouring pool: [UInt8]) -> [UInt8] {
        (0..<Int.random(in: 0...maximumLength, using: &self)).map { _ in
            Int.random(in: 0..<4, using: &self) == 0 ? UInt8.random(in: 0...255, using: &self) : pool.randomElement(using: &self)!
        }
    }
}

/// Characters that exercise URL and text escaping: unreserved, reserved and percent signs, spaces
/// and controls, non-ASCII letters, combining marks, emoji (several scalars) and a lone NUL.
public let awkwardCharacters: [Character] = Array("aZ09-._~ !\"#$%&'()*+,/:;<=>?@[\\]^`{|}\t\n\r") + [
    "é", "\u{65}\u{301}", "ß", "Ω", "中", "🐶", "👩‍👩‍👧", "\u{0}", "\u{7F}", "\u{FEFF}", "\u{202E}",
]

/// Property checks over seeded values, shrinking a failure to the smallest counterexample found.
public enum Property {
    /// Checks `holds` on `count` values from `generate` (seeds 1...count), and on failure records
    /// the smallest failing value `shrink` leads to, with its seed.
    public static func check<Value>(
        _ count: Int = 200,
        generate: (inout SeededGenerator) -> Value,
        shrink: (Value) -> [Value] = { _ in [] },
        sourceLocation: SourceLocation = #_sourceLocation,
        holds: (Value) -> String?
    ) {
        for seed in 1...UInt64(count) {
            var generator = SeededGenerator(seed: seed)
            let value = generate(&generator)
            guard var failure = holds(value) else { continue }
            var smallest = value
            var steps = 0
            shrinking: while steps < 1_000 {
                for candidate in shrink(smallest) {
                    steps += 1
                    if let reason = holds(candidate) {
                        smallest = candidate
                        failure = reason
                        continue shrinking
                    }
                }
                break
            }
            Issue.record("seed \(seed): \(failure)\nsmallest counterexample: \(String(reflecting: smallest))", sourceLocation: sourceLocation)
            return
        }
    }

    /// ``check(_:generate:shrink:sourceLocation:holds:)`` for a property that awaits.
    public static func check<Value>(
        _ count: Int = 200,
        generate: (inout SeededGenerator) -> Value,
        shrink: (Value) -> [Value] = { _ in [] },
        sourceLocation: SourceLocation = #_sourceLocation,
        holds: (Value) async throws -> String?
    ) async throws {
        for seed in 1...UInt64(count) {
            var generator = SeededGenerator(seed: seed)
            let value = generate(&generator)
            guard var failure = try await holds(value) else { continue }
            var smallest = value
            var steps = 0
            shrinking: while steps < 1_000 {
                for candidate in shrink(smallest) {
                    steps += 1
                    if let reason = try await holds(candidate) {
                        smallest = candidate
                        failure = reason
                        continue shrinking
                    }
                }
                break
            }
            Issue.record("seed \(seed): \(failure)\nsmallest counterexample: \(String(reflecting: smallest))", sourceLocation: sourceLocation)
            return
        }
    }

    /// Shorter strings: without each single character, and the two halves.
    public static func shrink(_ text: String) -> [String] {
        let characters = Array(text)
        guard !characters.isEmpty else { return [] }
        var candidates = [String(characters[..<(characters.count / 2)]), String(characters[(characters.count / 2)...])]
        for index in characters.indices.prefix(64) {
            var shorter = characters
            shorter.remove(at: index)
            candidates.append(String(shorter))
        }
        return candidates
    }
}
