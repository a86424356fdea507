import Courier
import Foundation

/// The per-call cost of deciding whose call it is (``Principal``), which every call pays before
/// its wares run: measured alone, on requests already encoded, for a call with no credentials, one
/// carrying its own `Authorization` (a salted hash of it), and one an `Authenticator` signs (a
/// lookup of the signed-in session).
nonisolated func runIdentityBenchmark(_ options: BenchmarkOptions) async throws -> String {
    guard let baseURL = URL(string: "https://api.example.com") else { return "error: bad base URL" }
    var service = ServiceConfiguration(name: "bench", baseURL: baseURL)
    let anonymousClient = try Client(service: service, transport: CannedTransport())
    service.authSchemes = [AuthScheme(name: "session", kind: .bearer)]
    service.defaultAuthScheme = "session"
    let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("token-1", identity: "ada")]))
    let signedClient = try Client(service: service, transport: CannedTransport(), wares: [auth])

    var anonymous = Request<Pet>(method: .get, path: "/pets/{id}", name: "getPet")
    anonymous.setPathParameter("id", to: 42)
    anonymous.authentication = .none
    var explicit = anonymous
    explicit.addHeader("Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ")
    var signed = anonymous
    signed.authentication = .service

    let cases: [(String, Client, Request<Pet>, String)] = [
        ("no credentials", anonymousClient, anonymous, "anonymous"),
        ("own Authorization header", anonymousClient, explicit, "fields:"),
        ("Authenticator session", signedClient, signed, "auth:session:ada"),
    ]
    var variants: [Variant] = []
    for (name, client, request, expected) in cases {
        let (prepared, context) = try client.preparedForBenchmark(request)
        let principal = await client.principalForBenchmark(of: prepared, request: request, context: context)
        guard "\(principal)".hasPrefix(expected) else { return "error: \(name) identified as \(principal), expected \(expected)…" }
        variants.append(Variant(name: name) {
            let principal = await client.principalForBenchmark(of: prepared, request: request, context: context)
            if principal.isAnonymous, expected != "anonymous" { throw CancellationError() }
        })
    }
    let timings = try await measure(variants, rounds: options.rounds, iterations: options.iterations)
    var lines = ["", "Whose call it is (the principal), decided once per call before the wares run:", ""]
    lines.append("ns per call".padding(toLength: 40, withPad: " ", startingAt: 0) + "   median   minimum")
    for (name, _, _, _) in cases {
        let timing = timings[name] ?? Timing(median: .nan, minimum: .nan)
        lines.append(name.padding(toLength: 40, withPad: " ", startingAt: 0)
            + String(format: "%9.1f %9.1f", timing.median * 1000, timing.minimum * 1000))
    }
    return lines.joined(separator: "\n")
}
