/// Which files are generated for which spec: the contract with the build plugin, which declares
/// the outputs before the tool runs.
///
/// For every input `<dir>/<stem>.courier.yaml` (or `.courier.yml`) the generator writes exactly
/// the files of the spec's ``SpecLayout``, even when one of them has nothing to declare. The rule
/// that picks and names them lives in `SpecLayout.swift`, one file compiled into both the plugin
/// and the generator; it reads the spec's model and endpoint counts from a line scan
/// (``SpecOutline``), so the plugin needs no YAML parser and formatting moves nothing.
///
/// `<stem>.Samples.swift` holds the sample responses (`sample:`, `samples:`), inside
/// `#if DEBUG || COURIER_SAMPLES`, so they stay out of release builds unless the app asks.
public enum OutputLayout {
    /// The kinds of generated file, in the order they are written.
    public enum FileKind: String, Sendable, CaseIterable {
        /// The namespace, environments and service configuration.
        case service = "Service"
        /// Model structs and enums (over several files, named by the first model in each).
        case models = "Models"
        /// Named wares per endpoint.
        case endpoints = "Endpoints"
        /// `Request` factories (sharded, named `<n>.Endpoints`).
        case factories = "Factories"
        /// The client facade type.
        case client = "Client"
        /// The facade's endpoint methods (sharded, named `<n>.Client`).
        case clientMethods = "ClientMethods"
        /// Every endpoint's sample responses, compiled only into debug builds or with `COURIER_SAMPLES`.
        case samples = "Samples"

        /// The template rendering this kind of file (`Factories` → `Factories.mustache`).
        public var templateName: String { rawValue }

        /// Whether this kind may be spread over several files (see ``SpecLayout``).
        public var isSharded: Bool { self == .models || self == .factories || self == .clientMethods }
    }

    /// Spec file suffixes the tool recognises, longest first.
    public static let specSuffixes = [".courier.yaml", ".courier.yml"]

    /// The file name of `path` without directories.
    public static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The stem of a spec path: `specs/petstore.courier.yaml` → `petstore`. Other names lose their
    /// last extension (`api.yaml` → `api`).
    public static func stem(of path: String) -> String {
        let name = fileName(of: path)
        for suffix in specSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { return String(name[..<dot]) }
        return name
    }

    /// Every output file name for the spec at `path` laid out as `layout`, in the order written.
    static func outputFileNames(forSpec path: String, layout: SpecLayout) -> [String] {
        layout.fileNames(stem: stem(of: path))
    }
}
