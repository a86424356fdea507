@testable import Courier
import Testing

@Suite("StreamReconnection: the wait before each reconnect")
struct StreamReconnectionTests {
    private let lowest = RandomSource { 0 }  // jitter at its floor: half the full wait

    @Test("the wait doubles per attempt up to the limit; a server's retry: starts the doubling and may exceed the limit")
    func doubling() {
        let policy = StreamReconnection.standard  // 1 s, doubling, up to 30 s
        #expect(policy.wait(attempt: 1, serverRetry: nil, random: lowest) == .milliseconds(500))
        #expect(policy.wait(attempt: 3, serverRetry: nil, random: lowest) == .seconds(2))
        #expect(policy.wait(attempt: 20, serverRetry: nil, random: lowest) == .seconds(15))
        #expect(policy.wait(attempt: 1, serverRetry: .seconds(2), random: lowest) == .seconds(2))
        #expect(policy.wait(attempt: 3, serverRetry: .seconds(2), random: lowest) == .seconds(8))
        #expect(policy.wait(attempt: 10, serverRetry: .seconds(2), random: lowest) == .seconds(30))
        #expect(policy.wait(attempt: 4, serverRetry: .seconds(60), random: lowest) == .seconds(60))
    }

    @Test("a server's retry: of zero or a few milliseconds is waited once, then doubled from the policy's delay: the attempts do not all go at once")
    func tinyServerRetry() {
        let policy = StreamReconnection.standard  // 1 s, doubling, up to 30 s
        #expect(policy.wait(attempt: 1, serverRetry: .zero, random: lowest) == .zero)
        #expect(policy.wait(attempt: 2, serverRetry: .zero, random: lowest) == .seconds(2))
        #expect(policy.wait(attempt: 5, serverRetry: .milliseconds(10), random: lowest) == .seconds(16))
        let total = (1...5).map { policy.wait(attempt: $0, serverRetry: .zero, random: lowest) }.reduce(.zero, +)
        #expect(total == .seconds(30), "five attempts span 30 s, as without the server's value they would about as long")
    }

    @Test("the longest retry: a server can send, on the attempts that double it most, is waited as it is, without overflowing")
    func longestServerRetry() {
        let longest = Duration.milliseconds(Int64.max)
        let policy = StreamReconnection(maximumAttempts: 30, delay: .seconds(1), maximumDelay: .seconds(30))
        for attempt in [2, 16, 21, 30] {
            #expect(policy.wait(attempt: attempt, serverRetry: longest, random: lowest) == longest)
        }
        let endless = StreamReconnection(maximumAttempts: 30, delay: .seconds(Int64.max / 4), maximumDelay: .seconds(Int64.max))
        #expect(endless.wait(attempt: 21, serverRetry: nil, random: lowest) == .seconds(Int64.max) * 0.5)
    }
}
