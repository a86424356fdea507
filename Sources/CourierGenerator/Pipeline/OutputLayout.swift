/// Which files are generated for which spec: the contract with the build plugin, which declares
/// the outputs before the tool runs.
///
/// For every input `<dir>/<stem>.courier.yaml` (or `.courier.yml`) the generator writes exactly
/// `<stem>.Service.swift`, `<stem>.Models.1.swift` … `<stem>.Models.8.swift`,
/// `<stem>.Endpoints.swift` and `<stem>.Client.swift` into the output directory, even when one of
/// them has nothing to declare.
///
/// Models are spread over ``modelShardCount`` files by a stable hash of their name: a debug build
/// compiles the shards in parallel, and changing one model recompiles only its shard. The hash,
/// not the position, picks the shard, so adding a model moves no other model to another file.
public enum OutputLayout {
    /// How many files hold the models of one spec.
    public static let modelShardCount = 8

    /// The 1-based shard that holds the model named `typeName` (FNV-1a of its UTF-8 bytes).
    public static func modelShard(of typeName: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in typeName.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % UInt32(modelShardCount)) + 1
    }

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

    /// The output file name for `stem` and `kind`: `petstore.Endpoints.swift`; models take a
    /// 1-based `shard`: `petstore.Models.3.swift`.
    public static func outputFileName(stem: String, kind: FileKind, shard: Int = 1) -> String {
        kind == .models ? "\(stem).\(kind.rawValue).\(shard).swift" : "\(stem).\(kind.rawValue).swift"
    }

    /// Every output file name for a spec path, in ``FileKind`` order, model shards in order.
    public static func outputFileNames(forSpec path: String) -> [String] {
        let stem = stem(of: path)
        return FileKind.allCases.flatMap { kind in
            let shards = kind == .models ? Array(1...modelShardCount) : [1]
            return shards.map { outputFileName(stem: stem, kind: kind, shard: $0) }
        }
    }
}
