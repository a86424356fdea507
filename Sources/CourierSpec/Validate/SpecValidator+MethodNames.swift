extension SpecValidator {
    /// The client methods an endpoint adds next to its own, by the suffix added to its name, and
    /// whether `endpoint` of `spec` gets each.
    static let companionMethods: [(suffix: String, what: String, offered: @Sendable (Endpoint, Spec) -> Bool)] = [
        ("Updates", "its `localThenRemote` cache's stream", { endpoint, spec in endpoint.offersUpdates(in: spec) }),
        ("WithHeaders", "its `responseHeaders:`", { endpoint, _ in !endpoint.responseHeaders.isEmpty }),
        ("Pages", "its `pagination:`", { endpoint, _ in endpoint.pagination != nil && endpoint.response != nil }),
        ("Items", "its `pagination:`", { endpoint, _ in endpoint.pagination != nil && endpoint.response != nil }),
    ]

    /// An endpoint named like a method another endpoint of the service generates (`etag` with a
    /// `localThenRemote` cache gets `etagUpdates(…)`, so an endpoint `etagUpdates` would be
    /// declared twice): an error at the later name, pointing at the other endpoint.
    mutating func checkCompanionMethodNames() {
        var byService: [String: [(endpoint: Endpoint, spec: Spec)]] = [:]
        for spec in specs {
            byService[spec.service.value, default: []] += spec.endpoints.map { ($0, spec) }
        }
        for endpoints in byService.values {
            let byName = Dictionary(endpoints.map { ($0.endpoint.name.value, $0) }, uniquingKeysWith: { first, _ in first })
            for (endpoint, _) in endpoints {
                let name = endpoint.name.value
                for companion in Self.companionMethods where name.hasSuffix(companion.suffix) {
                    let stem = String(name.dropLast(companion.suffix.count))
                    guard let (owner, ownerSpec) = byName[stem], companion.offered(owner, ownerSpec) else { continue }
                    let other = owner.name.location
                    let place = other.file == endpoint.name.location.file ? "line \(other.line)" : "\(other)"
                    log.error(
                        "endpoint '\(name)' has the name of the method '\(name)(…)' that endpoint '\(stem)' "
                            + "(\(place)) gets for \(companion.what); rename one of them",
                        at: endpoint.name.location)
                }
            }
        }
    }
}
