/// What telemetry modules (CourierTelemetry's tracing ware) need of a call beyond the public API.
extension CallContext {
    /// A scrubber of `request`'s call: it hides the call's secret values wherever they appear in
    /// text (a span's URL, its name), as log lines and errors hide them.
    package func secretScrubber(for request: PreparedRequest) -> CallSecretScrubber {
        CallSecretScrubber(secrets: secrets(of: request))
    }
}

/// Replaces one call's secret values in text with `<redacted>`: the values of its sensitive
/// header fields, query items and body fields, its sensitive path parameters, and whatever wares
/// registered with ``CallContext/registerSecrets(_:)`` — those registered after the scrubber was
/// made too. Values shorter than four characters are left to name-based redaction.
package struct CallSecretScrubber: Sendable {
    private let secrets: CallSecrets

    init(secrets: CallSecrets) {
        self.secrets = secrets
    }

    /// `text` with every secret value of the call replaced by `<redacted>`.
    package func scrub(_ text: String) -> String {
        secrets.scrub(text)
    }
}
