import Courier
import Foundation
import Testing

@Suite("Duration.timeInterval: a Duration in seconds, as Foundation and metrics count time")
struct DurationTimeIntervalTests {
    @Test("whole, fractional, sub-microsecond and negative durations")
    func conversions() {
        #expect(Duration.seconds(2).timeInterval == 2)
        #expect(Duration.milliseconds(1_500).timeInterval == 1.5)
        #expect(abs(Duration.nanoseconds(250).timeInterval - 250e-9) < 1e-15)
        #expect(Duration.milliseconds(-250).timeInterval == -0.25)
        #expect(Duration.zero.timeInterval == 0)
    }

    @Test("a metrics user's example: a call's elapsed time as a TimeInterval")
    func metricsExample() {
        let elapsed: Duration = .milliseconds(42)
        let seconds: TimeInterval = elapsed.timeInterval
        #expect(abs(seconds - 0.042) < 1e-12)
    }
}
