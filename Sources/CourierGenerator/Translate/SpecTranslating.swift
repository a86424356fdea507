import CourierSpec

/// The translate stage: specs in, one render model per spec out, plus diagnostics.
///
/// Tests swap in their own implementation to drive the render stage with hand-made models.
public protocol SpecTranslating: Sendable {
    /// Translates every spec together (models may refer to models of other specs).
    func translate(_ specs: [Spec]) -> TranslationResult
}

/// What translation produced.
public struct TranslationResult: Sendable {
    /// One render model per spec, in input order.
    public var models: [SpecRenderModel]
    /// Problems found; any error means nothing should be written.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(models: [SpecRenderModel], diagnostics: [Diagnostic]) {
        self.models = models
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
