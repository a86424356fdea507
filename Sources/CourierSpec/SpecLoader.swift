#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A spec's text and the path diagnostics name it by, for loading specs that are not files.
public struct SpecSource: Sendable, Hashable {
    /// The path reported in diagnostics; `sample:` paths are resolved against its directory.
    public var file: String
    /// The YAML text.
    public var text: String

    /// Pairs a path with its text.
    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }
}

/// Loads `*.courier.yaml` specs with libyaml: YAML → node tree → ``Spec`` → validation.
///
/// All files of one load are validated together: a type may refer to a model declared in any
/// of them, and a model declared twice is an error at the second declaration.
public struct SpecLoader: SpecLoading {
    /// Creates a loader.
    public init() {}

    /// Loads and validates the spec files at `files`.
    public func load(files: [String]) -> SpecLoadResult {
        var log = DiagnosticLog()
        var inputs: [(file: String, bytes: [UInt8])] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                log.error("cannot read the spec file", at: SourceLocation(file: file, line: 1, column: 1))
                continue
            }
            inputs.append((file, [UInt8](data)))
        }
        return load(inputs, log: log)
    }

    /// Loads and validates one spec given as text, as if read from `file`.
    public func load(source: String, file: String) -> SpecLoadResult {
        load(sources: [SpecSource(file: file, text: source)])
    }

    /// Loads and validates several specs given as text, together.
    public func load(sources: [SpecSource]) -> SpecLoadResult {
        load(sources.map { ($0.file, Array($0.text.utf8)) }, log: DiagnosticLog())
    }

    private func load(_ inputs: [(file: String, bytes: [UInt8])], log initial: DiagnosticLog) -> SpecLoadResult {
        var log = initial
        var specs: [Spec] = []
        for input in inputs {
            guard let root = YAMLDocumentReader.read(input.bytes, file: input.file, log: &log) else { continue }
            var parser = SpecParser()
            specs.append(parser.spec(root, file: input.file))
            log.append(parser.log)
        }
        var validator = SpecValidator(specs: specs)
        validator.validate()
        log.append(validator.log)
        return SpecLoadResult(specs: specs, diagnostics: log.sorted())
    }
}
