/// Turns spec files into ``Spec`` values with diagnostics; the seam tests and the CLI use.
///
/// The real implementation reads YAML with libyaml; tests may swap in their own.
public protocol SpecLoading: Sendable {
    /// Loads and validates every file; returns the specs that parsed and every diagnostic found
    /// (many per run: loading never stops at the first problem).
    func load(files: [String]) -> SpecLoadResult
}

/// The outcome of loading specs.
public struct SpecLoadResult: Sendable {
    /// The specs that parsed (possibly with warnings). Empty entries are left out.
    public var specs: [Spec]
    /// Every diagnostic, sorted by location.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(specs: [Spec], diagnostics: [Diagnostic]) {
        self.specs = specs
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
