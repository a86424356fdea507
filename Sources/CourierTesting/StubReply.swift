import Courier
import Foundation
import HTTPTypes

/// What a ``StubTransport`` does for a matched request: answer at once, answer after a delay,
/// throw an error, or run your own closure.
///
/// ```swift
/// stub.on(.get, "/pets", reply: .json(#"[{"id":1}]"#))
/// stub.on(.get, "/slow", reply: .json("{}").delayed(by: .seconds(2)))
/// stub.on(.get, "/down", reply: .failure(CourierError.transport(.cannotConnect(message: "offline"))))
/// ```
public struct StubReply: Sendable {
    let respond: @Sendable (PreparedRequest) async throws -> RawResponse
    let delay: Duration?
    /// How a streamed or file body is cut and paced, when the reply says.
    let pacing: (sizes: [Int], interval: Duration)?

    /// A reply computed by `respond` from the request; whatever it throws is thrown by the transport.
    public init(_ respond: @escaping @Sendable (PreparedRequest) async throws -> RawResponse) {
        self.respond = respond
        self.delay = nil
        self.pacing = nil
    }

    private init(
        delay: Duration?, pacing: (sizes: [Int], interval: Duration)?,
        respond: @escaping @Sendable (PreparedRequest) async throws -> RawResponse
    ) {
        self.respond = respond
        self.delay = delay
        self.pacing = pacing
    }

    private func paced(_ sizes: [Int], every interval: Duration) -> StubReply {
        StubReply(delay: delay, pacing: (sizes, interval), respond: respond)
    }

    /// Answers with `response` as it is.
    public static func response(_ response: RawResponse) -> StubReply {
        StubReply { _ in response }
    }

    /// Answers with `status` and no body.
    public static func status(_ status: HTTPResponse.Status) -> StubReply {
        .response(RawResponse(status: status))
    }

    /// Answers with JSON text and `Content-Type: application/json`.
    public static func json(_ text: String, status: HTTPResponse.Status = .ok) -> StubReply {
        .response(RawResponse(status: status, headers: [.contentType: "application/json"], body: Data(text.utf8)))
    }

    /// Answers with `value` encoded as JSON (keys sorted); an encoding failure is thrown.
    public static func json(encoding value: some Encodable & Sendable, status: HTTPResponse.Status = .ok) -> StubReply {
        StubReply { _ in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return RawResponse(status: status, headers: [.contentType: "application/json"], body: try encoder.encode(value))
        }
    }

    /// Throws `error` instead of answering, as a failing network would.
    public static func failure(_ error: any Error) -> StubReply {
        StubReply { _ in throw error }
    }

    /// This reply after `delay` on the client's clock (a `ManualClock` in tests moves it);
    /// cancelling the calling task during the delay throws `CancellationError` at once.
    public func delayed(by delay: Duration) -> StubReply {
        StubReply(delay: delay, pacing: pacing, respond: respond)
    }

    /// Answers with `status` and a body sent as `chunks`, one every `interval` on the client's
    /// clock (a `ManualClock` in tests moves it): a transfer in progress, for streamed responses,
    /// downloads to a file and progress (a collected body arrives paced too, and is handed over
    /// whole). Without a `Content-Length` in `headers`, the length is the chunks' total.
    public static func chunks(
        _ chunks: [Data], every interval: Duration = .zero, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> StubReply {
        StubReply { _ in
            var fields = headers
            let total = chunks.reduce(0) { $0 + $1.count }
            if fields[.contentLength] == nil { fields[.contentLength] = String(total) }
            return RawResponse(http: HTTPResponse(status: status, headerFields: fields), body: .bytes(chunks.reduce(Data(), +)))
        }.paced(chunks.map(\.count), every: interval)
    }

    /// Runs the reply as a transport would: a delay past what is left of the call's timeout (a
    /// paced upload may have taken some), or of a stream connect's head timeout, ends in
    /// `TransportFailure/timedOut(after:)` at the timeout; the body is handed over as the request
    /// asks (`PreparedRequest/delivery(for:)`), a collected one held to the request's
    /// `PreparedRequest/maximumResponseSize` (`TransportFailure/responseTooLarge(limit:)`).
    func run(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        if let delay {
            let deadline = StubDeadline(request, context: context)
            if deadline.passes(delay) { try await deadline.expire(on: context) }
            try await context.sleep(for: delay)
        }
        try Task.checkCancellation()
        var response = try await respond(request)
        let pieces = StubDelivery.pieces(of: response.body, sizes: pacing?.sizes)
        let declared = response.body.length
        // Only the answer's body counts as the call's download, not an error page's.
        let counts = request.acceptableStatus.accepts(response.status.code)
        switch request.delivery(for: response.status).mode {
        case .collect:
            if let pacing, pacing.interval > .zero {
                // Paced like a stream, each piece reported as it arrives, within the size limit.
                var collector = ResponseBodyCollector(limit: request.maximumResponseSize)
                try collector.expect(contentLength: response.http.headerFields[.contentLength])
                let paced = StubDelivery.Paced(pieces: pieces, interval: pacing.interval, context: context, total: declared, counts: counts)
                for try await chunk in paced {
                    try collector.append(chunk)
                }
                response.body = .bytes(collector.data)
            } else {
                let data = try await response.body.collect(upTo: request.maximumResponseSize)
                // As on the network, where nothing arrives nothing is reported (a 204).
                if counts, context.progress.isActive, !data.isEmpty { context.progress.received(data.count, of: data.count) }
                response.body = .bytes(data)
            }
        case .stream:
            response.body = HTTPBody(
                StubDelivery.Paced(pieces: pieces, interval: pacing?.interval ?? .zero, context: context, total: declared),
                length: declared)
        case .file(let destination):
            let file = try FileDownload.make(for: request, destination: destination, head: response.http)
            do {
                for try await chunk in StubDelivery.Paced(pieces: pieces, interval: pacing?.interval ?? .zero, context: context, total: declared) {
                    try file.write(chunk)
                }
                response.body = .file(try file.commit())
            } catch {
                file.discard()
                throw error
            }
        }
        return response
    }
}
