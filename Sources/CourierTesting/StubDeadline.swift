import Courier

/// How long a stub may wait before it answers, as a transport would: what is left of the call's
/// timeout, or, for a stream's connect, its head timeout (the call's own timeout bounds the
/// stream's whole life, a day, and a real connect gives up on the head long before); and the
/// timeout a stub that waits it out names. On the call's clock, so a test's `ManualClock`
/// drives it.
struct StubDeadline {
    /// What is left to wait.
    let remaining: Duration
    /// The timeout that passes then.
    let timeout: Duration

    init(_ request: PreparedRequest, context: TransportContext) {
        let remaining = context.remaining
        if let head = request.streamHeadTimeout, head < remaining {
            self.remaining = head
            timeout = head
        } else {
            self.remaining = remaining
            timeout = context.timeout
        }
    }

    /// Whether waiting `delay` passes the deadline.
    func passes(_ delay: Duration) -> Bool { delay > remaining }

    /// Waits out the deadline on the call's clock, then fails as a transport whose timeout passed.
    func expire(on context: TransportContext) async throws -> Never {
        try await context.sleep(for: max(remaining, .zero))
        throw CourierError.transport(.timedOut(after: timeout))
    }
}
