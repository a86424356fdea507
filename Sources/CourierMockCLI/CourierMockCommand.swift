import ArgumentParser
import CourierMock
import CourierSpec
import Foundation

/// `courier-mock`: serves every endpoint of a spec on loopback from its samples.
@main
struct CourierMockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier-mock",
        abstract: "Serve every endpoint of Courier specs from their samples, checking each request against the spec.",
        discussion: """
            Answers each endpoint with its success sample; `Prefer: code=404` picks the sample of a status \
            and `Prefer: example=pet-missing` the sample of a file (its name without directory and extension). \
            A request that does not fit the spec gets an application/problem+json 400 or 422 naming each \
            field; a path no endpoint has a 404 naming the closest one. Endpoints are served at their paths \
            and under the path of the spec's base URL and environments (/v1/pets as well as /pets). \
            One line per request goes to standard output: method, target, status, endpoint, what answered \
            (the sample's file, state or problem) and the time taken. SIGINT or SIGTERM stops the server.

            Examples:
              courier-mock Sources/PetstoreAPI/petstore.courier.yaml
              courier-mock api.courier.yaml --port 8080 --latency 200ms --state
            """,
        version: "0.1.0"
    )

    @Argument(help: "Spec files (*.courier.yaml), loaded together.")
    var specs: [String]

    @Option(help: "The port to listen on; 0 picks a free one (printed at start).")
    var port: Int = 4010

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "A delay before every answer: milliseconds, seconds, minutes or hours, as specs write durations (200ms, 1.5s).")
    var latency: String?

    @Option(help: "How far apart the elements of a stream sample (.sse, .jsonl, .json-seq) are sent (200ms, 1s); back to back when absent.")
    var streamInterval: String?

    @Flag(help: "Keep the resources that requests create, replace, change and delete, and answer later requests from them.")
    var state = false

    @Flag(help: "Print no line per request.")
    var quiet = false

    /// The longest `--latency` or `--stream-interval`: a day (longer would be no answer at all,
    /// and past about 292 years a duration no longer fits in nanoseconds).
    static let longestDelay = 24 * 60 * 60.0

    func validate() throws {
        for (option, value) in [("--latency", latency), ("--stream-interval", streamInterval)] {
            guard let value, value != "0" else { continue }
            guard let seconds = DurationText.seconds(in: value) else {
                throw ValidationError("\(option) takes a duration such as 200ms, 1s or 1.5s, not '\(value)'")
            }
            guard seconds <= Self.longestDelay else {
                throw ValidationError("\(option) takes at most 24h, not '\(value)'")
            }
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
    }

    func run() async throws {
        #if MockServer
        let service: MockService
        do {
            service = try MockService.load(specFiles: specs)
        } catch {
            Output.error(error.description)
            throw ExitCode.failure
        }
        for warning in service.warnings { Output.error(warning.description) }
        let delay = latency.flatMap(DurationText.seconds(in:)).map { Duration.milliseconds(Int64(($0 * 1000).rounded())) } ?? .zero
        let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
        var options = MockOptions(host: host, port: port, latency: delay, keepsState: state)
        options.streamInterval = streamInterval.flatMap(DurationText.seconds(in:))
            .map { Duration.milliseconds(Int64(($0 * 1000).rounded())) } ?? .zero
        if !quiet { options.log = { Output.line($0) } }
        let server: MockServer
        do {
            server = try await MockServer.start(service: service, options: options)
        } catch {
            Output.error("courier-mock: cannot listen on \(host):\(port): \(error)")
            throw ExitCode.failure
        }
        let under = service.alsoServedUnder.isEmpty ? "" : " (paths also under \(service.alsoServedUnder.joined(separator: ", ")))"
        let extras = [delay > .zero ? "latency \(latency ?? "")" : nil, state ? "state" : nil].compactMap { $0 }
        Output.line(
            "courier-mock: \(service.serviceNames.joined(separator: ", ")), \(service.endpointCount) endpoints"
                + (extras.isEmpty ? "" : ", " + extras.joined(separator: ", "))
                + ", listening on \(server.baseURL.absoluteString)\(under)")
        let received = await signals.next()
        Output.line("courier-mock: stopping (\(received == SIGINT ? "SIGINT" : "SIGTERM"))")
        try await server.stop()
        #else
        Output.error(
            "courier-mock was built without the MockServer trait, so it has no server; build it with the trait: "
                + "swift run --traits MockServer courier-mock \(specs.joined(separator: " "))")
        throw ExitCode.failure
        #endif
    }
}

/// Unbuffered output: each line is one write, so a reader of a pipe sees it at once.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
