import Courier
import HTTPTypes

/// How a ``StubTransport`` answers an endpoint from its samples (``StubTransport/init(samples:behavior:uploadChunkSize:uploadInterval:downloadChunkSize:downloadInterval:)``):
/// when — at once, after a delay on the client's clock, or never — and with what — the success
/// sample, the sample of a status, a network failure, or a timeout. Moya's `stubClosure` and
/// `sampleResponseClosure`, as values.
///
/// ```swift
/// let stub = StubTransport(samples: Petstore.samples, behavior: .delayed(by: .milliseconds(300)))
/// stub.setBehavior(.status(404), for: "getPet")                         // the spec's 404 sample
/// stub.setBehavior(.networkFailure.delayed(by: .seconds(1)), for: "listPets")
/// stub.setBehavior(.never, for: "login")                                // until the call is cancelled
/// ```
public struct StubBehavior: Sendable {
    /// When the answer comes.
    enum Timing: Sendable {
        case immediate
        case delayed(Duration)
        case never
    }

    /// What the answer is.
    enum Outcome: Sendable {
        case success
        case status(HTTPResponse.Status)
        case failure(TransportFailure)
        case timeout
    }

    let timing: Timing
    let outcome: Outcome
    /// How far apart a stream sample's elements come; `nil` for the transport's `downloadInterval`.
    var elementInterval: Duration?

    /// The success sample (the lowest `2xx`), at once: the default.
    public static let immediate = StubBehavior(timing: .immediate, outcome: .success)

    /// The success sample after `delay` on the client's clock (a `ManualClock` in tests moves it); a
    /// delay past the call's timeout ends in `TransportFailure/timedOut(after:)` at the timeout.
    public static func delayed(by delay: Duration) -> StubBehavior {
        StubBehavior(timing: .delayed(delay), outcome: .success)
    }

    /// No answer, until the calling task is cancelled (which throws `CancellationError`); the
    /// call's timeout does not end it. For a server that stops answering, see ``timeout``.
    public static let never = StubBehavior(timing: .never, outcome: .success)

    /// The spec's sample for `status` (a `404`, a `503` with its `Retry-After`), at once; a status
    /// without a sample answers with no body.
    public static func status(_ status: HTTPResponse.Status) -> StubBehavior {
        StubBehavior(timing: .immediate, outcome: .status(status))
    }

    /// Throws `failure` as a transport does when no response comes (`CourierError` of kind
    /// `.transport`), at once.
    public static func failure(_ failure: TransportFailure) -> StubBehavior {
        StubBehavior(timing: .immediate, outcome: .failure(failure))
    }

    /// No network: `TransportFailure/cannotConnect(message:)`, as a transport reports an
    /// unreachable server (`Retry` retries it).
    public static let networkFailure = failure(.cannotConnect(message: "stubbed network failure"))

    /// The server never answers within the call's timeout: the call waits its whole timeout on the
    /// client's clock, then fails with `TransportFailure/timedOut(after:)`.
    public static let timeout = StubBehavior(timing: .immediate, outcome: .timeout)

    /// The same answer, after `delay` on the client's clock (`.status(503).delayed(by: .seconds(2))`).
    public func delayed(by delay: Duration) -> StubBehavior {
        StubBehavior(timing: .delayed(delay), outcome: outcome, elementInterval: elementInterval)
    }

    /// The success sample at once, a stream sample (server-sent events, JSON Lines, a JSON text
    /// sequence) handed over one element at a time, `interval` apart on the client's clock: the
    /// first element at once, each next one `interval` later (a `ManualClock` in tests moves it).
    public static func streamed(every interval: Duration) -> StubBehavior {
        StubBehavior(timing: .immediate, outcome: .success, elementInterval: interval)
    }

    /// The same answer, its stream sample's elements `interval` apart on the client's clock
    /// (`.delayed(by: .seconds(1)).streamed(every: .milliseconds(200))`).
    public func streamed(every interval: Duration) -> StubBehavior {
        StubBehavior(timing: timing, outcome: outcome, elementInterval: interval)
    }
}
