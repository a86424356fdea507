import CourierSpec

extension SwiftLiteral {
    /// A `RetryOptions` expression for a spec's `retry:`: `.never`, or the limits it sets.
    public static func retryOptions(_ setting: RetrySetting) -> String {
        switch setting {
        case .disabled:
            return ".never"
        case .limited(let attempts, let statuses, _):
            var arguments: [String] = []
            if let attempts { arguments.append("attempts: \(attempts.value)") }
            if !statuses.isEmpty {
                let list = statuses.map { String($0.value) }.joined(separator: ", ")
                arguments.append("statuses: [\(list)]")
            }
            return "RetryOptions(\(arguments.joined(separator: ", ")))"
        }
    }
}
