/// Which files are generated for which spec: the contract with the build plugin, which declares
/// the outputs before the tool runs.
///
/// For every input `<dir>/<stem>.courier.yaml` (or `.courier.yml`) the generator writes exactly
/// `<stem>.Service.swift`, `<stem>.Models.swift`, `<stem>.Endpoints.swift` and `<stem>.Client.swift`
/// into the output directory, even when one of them has nothing to declare.
public enum OutputLayout {
    /// The four kinds of generated file, in the order they are written.
    public enum FileKind: String, Sendable, CaseIterable {
        /// The namespace, environments and service configuration.
        case service = "Service"
        /// Model structs and enums.
        case models = "Models"
        /// `Request` factories and samples.
        case endpoints = "Endpoints"
        /// The client facade.
        case client = "Client"

        /// The template rendering this kind of file (`Service` → `Service.mustache`).
        public var templateName: String { rawValue }
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

    /// The output file name for `stem` and `kind`: `petstore.Models.swift`.
    public static func outputFileName(stem: String, kind: FileKind) -> String {
        "\(stem).\(kind.rawValue).swift"
    }

    /// All four output file names for a spec path, in ``FileKind`` order.
    public static func outputFileNames(forSpec path: String) -> [String] {
        FileKind.allCases.map { outputFileName(stem: stem(of: path), kind: $0) }
    }
}
