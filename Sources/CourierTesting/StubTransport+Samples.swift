import Courier
import CourierStreamSamples
import Foundation
import HTTPTypes

/// A spec's sample endpoints, found by a request's endpoint name, else by method and path.
struct SampleRoutes: Sendable {
    private let byName: [String: EndpointSamples]
    /// Each endpoint with its path template's segments, longest first (the most specific wins).
    private let byPath: [(segments: [Substring], samples: EndpointSamples)]

    init(_ samples: [String: EndpointSamples]) {
        byName = samples
        byPath = samples.values
            .map { (segments: $0.path.split(separator: "/", omittingEmptySubsequences: true), samples: $0) }
            .sorted { ($0.segments.count, $0.samples.endpoint) > ($1.segments.count, $1.samples.endpoint) }
    }

    /// The endpoint `name` names, or else the one whose method and path template match the end of
    /// `segments` (the request's path, base URL path included): literal segments equal, a
    /// `{placeholder}` any one segment, `{+path}` one or more.
    func endpoint(named name: String, method: HTTPRequest.Method, segments: [Substring]) -> EndpointSamples? {
        if let named = byName[name], named.method == method { return named }
        let actual = segments.filter { !$0.isEmpty }
        let matches = byPath.filter { $0.samples.method == method && Self.matches($0.segments, suffixOf: actual) }
        // Literal segments beat placeholders: `/pets/mine` before `/pets/{id}`.
        return matches.max { Self.literalCount($0.segments) < Self.literalCount($1.segments) }?.samples
    }

    private static func literalCount(_ template: [Substring]) -> Int {
        template.filter { !$0.hasPrefix("{") }.count
    }

    private static func matches(_ template: [Substring], suffixOf actual: [Substring]) -> Bool {
        // What is left before the template is the base URL's path.
        guard let last = template.last else { return true }
        if last.hasPrefix("{+") {
            // A reserved expansion takes one or more segments; try each split.
            let rest = Array(template.dropLast())
            guard !actual.isEmpty else { return false }
            return (1...actual.count).contains { taken in matches(rest, suffixOf: Array(actual.dropLast(taken))) }
        }
        guard let end = actual.last else { return false }
        let fits = last.hasPrefix("{") && last.hasSuffix("}") ? !end.isEmpty : last == end
        return fits && matches(Array(template.dropLast()), suffixOf: Array(actual.dropLast()))
    }
}

extension StubTransport {
    /// Answers `request` from `samples` as `behavior` says, with the transport's pacing.
    func answer(
        _ request: PreparedRequest, from samples: EndpointSamples, as behavior: StubBehavior, context: TransportContext
    ) async throws -> RawResponse {
        switch behavior.timing {
        case .immediate:
            break
        case .delayed(let delay):
            // Past the call's deadline the exchange is over, as on a real transport.
            let deadline = StubDeadline(request, context: context)
            if deadline.passes(delay) { try await deadline.expire(on: context) }
            try await context.sleep(for: delay)
        case .never:
            // Not on the client's clock: advancing a test's clock must not end it, only cancelling.
            while true { try await Task.sleep(for: .seconds(86_400)) }
        }
        try Task.checkCancellation()
        let sample: ResponseSample
        switch behavior.outcome {
        case .failure(let failure):
            throw CourierError.transport(failure)
        case .timeout:
            try await StubDeadline(request, context: context).expire(on: context)
        case .status(let status):
            sample = samples.response(for: status) ?? ResponseSample(status: status)
        case .success:
            guard let success = samples.success else {
                let method = samples.method.rawValue
                let text = "StubTransport: endpoint '\(samples.endpoint)' (\(method) \(samples.path)) has no 2xx sample; "
                    + "add `sample:` or `samples:` to the spec, or choose a status with StubBehavior.status(_:)"
                return RawResponse(
                    status: .notImplemented, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(text.utf8))
            }
            // A stream whose sample ended without a terminator reconnects, as from a real server;
            // answering the reconnect with the sample again would replay it forever, so the stub
            // ends it the way a server done with a stream does: `204 No Content`.
            if request.streamConnection?.isReconnect == true {
                return RawResponse(status: .noContent, headers: [:], body: Data())
            }
            sample = success
        }
        return try await reply(for: sample, elementInterval: behavior.elementInterval).run(request, context: context)
    }

    /// A reply handing `sample`'s body over: a stream sample one element at a time,
    /// `elementInterval` (else `downloadInterval`) apart; any other in `downloadChunkSize` pieces,
    /// `downloadInterval` apart.
    private func reply(for sample: ResponseSample, elementInterval: Duration?) -> StubReply {
        let response = sample.rawResponse
        guard !sample.body.isEmpty else { return .response(response) }
        if let elements = StreamSampleCutting.elements(of: sample.body, contentType: response.http.headerFields[.contentType]) {
            return .chunks(elements, every: elementInterval ?? downloadInterval, status: sample.status, headers: response.http.headerFields)
        }
        var pieces: [Data] = []
        var offset = sample.body.startIndex
        while offset < sample.body.endIndex {
            let end = sample.body.index(offset, offsetBy: downloadChunkSize, limitedBy: sample.body.endIndex) ?? sample.body.endIndex
            pieces.append(sample.body[offset..<end])
            offset = end
        }
        return .chunks(pieces, every: downloadInterval, status: sample.status, headers: response.http.headerFields)
    }
}
