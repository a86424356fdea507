import CourierSpec

extension SpecTranslation {
    /// Retry options for a spec's `retry:`: disabled, or the limits it sets.
    static func retry(_ setting: RetrySetting) -> RetryRender {
        switch setting {
        case .disabled:
            RetryRender(isDisabled: true, attempts: [], statuses: [])
        case .limited(let attempts, let statuses, _):
            RetryRender(isDisabled: false, attempts: attempts.map { [String($0.value)] } ?? [], statuses: statuses.map { String($0.value) })
        }
    }

    /// A cache policy: the runtime's `CachePolicy.Mode` has the spec's policy names (a test keeps
    /// the two lists equal).
    func cachePolicy(_ cache: CacheSetting?) -> [CachePolicyRender] {
        guard let cache else { return [] }
        return [CachePolicyRender(
            mode: cache.policy.value.rawValue, timeToLive: cache.ttl.map { [SwiftLiteral.duration(seconds: $0.value)] } ?? [])]
    }

    /// `.none`, a scheme, or nothing for the service's own scheme (the `Request` default).
    ///
    /// An endpoint without `auth:` follows the service (`auth: none` there makes it `.none`);
    /// `bearer` or the service's own scheme name means `.service`; any other name is a scheme.
    func authentication(_ endpoint: Endpoint) -> [AuthenticationRender] {
        let serviceAuth = spec.auth?.value
        guard let auth = endpoint.auth?.value else {
            return serviceAuth == "none" ? [AuthenticationRender(isNone: true, scheme: [])] : []
        }
        if auth == "none" { return [AuthenticationRender(isNone: true, scheme: [])] }
        if auth == serviceAuth { return [] }
        return authConstants().first { $0.name == auth }.map { [AuthenticationRender(isNone: false, scheme: [$0.constant])] } ?? []
    }
}
