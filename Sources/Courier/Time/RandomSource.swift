import Foundation

/// Where a client draws randomness: backoff jitter and anything else a ware randomises.
///
/// Tests pass a seeded one so jitter is repeatable, or a fixed one to pin a value:
///
/// ```swift
/// let client = try Client(service: service, transport: transport, random: .seeded(42))
/// ```
public struct RandomSource: Sendable {
    private let nextBits: @Sendable () -> UInt64

    /// A source that draws 64 random bits from `next` per call.
    public init(_ next: @escaping @Sendable () -> UInt64) {
        self.nextBits = next
    }

    /// 64 random bits.
    public func next() -> UInt64 { nextBits() }

    /// A number in `0 ..< 1`.
    public func unitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A duration in `0 ... upper`, uniformly (the "full jitter" of a backoff).
    public func duration(upTo upper: Duration) -> Duration {
        guard upper > .zero else { return .zero }
        return upper * unitInterval()
    }

    /// The system's generator.
    public static let system = RandomSource {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// A repeatable sequence from `seed` (SplitMix64), for tests.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let state = Locked(seed)
        return RandomSource {
            state.withLock { state in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
    }
}
