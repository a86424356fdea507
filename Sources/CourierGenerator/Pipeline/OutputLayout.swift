/// Which files are generated for which spec: the contract with the build plugin, which declares
/// the outputs before the tool runs.
///
/// For every input `<dir>/<stem>.courier.yaml` (or `.courier.yml`) the generator writes exactly
/// the files of the spec's ``Layout``, even when one of them has nothing to declare. The layout
/// depends on the spec's size in bytes (``Layout/forSpec(bytes:)``), which the build plugin reads
/// without parsing YAML and passes to the tool:
///
/// - a small spec gets the compact layout: `<stem>.Service.swift`, `<stem>.Endpoints.swift`,
///   `<stem>.Client.swift`, `<stem>.Samples.swift` and its models, in spec order, over
///   `<stem>.Models.1.swift` … `<stem>.Models.4.swift` (one `<stem>.Models.swift` for a tiny spec);
/// - a large one is sharded: those four files and, for each shard `nn` in 01…N,
///   `<stem>.<nn>.Models.swift`, `<stem>.<nn>.Endpoints.swift`, `<stem>.<nn>.Client.swift`.
///
/// `<stem>.Samples.swift` holds the sample responses (`sample:`, `samples:`), inside
/// `#if DEBUG || COURIER_SAMPLES`, so they stay out of release builds unless the app asks.
///
/// Sharded models, endpoint factories and client methods are spread over the shards by a stable
/// hash (``shard(of:count:)``) of a model's name, or of an endpoint's resource (the literal
/// segments of its path, see ``resourceKey(ofPath:)``), so a resource's endpoints stay in one
/// file: a debug build compiles the files in parallel, and changing one model recompiles its model
/// file, not the whole module. The hash, not the position, picks the file, so adding a model moves
/// nothing else. Models dominate the compile, which is why even the compact layout splits them.
///
/// Why these shapes (how a two-core debug build schedules the files) is in
/// `Benchmarks/generator/README.md`.
public enum OutputLayout {
    /// How many files hold each sharded kind of a large spec (the most there are).
    public static let shardCount = 16

    /// What groups an endpoint with others of its resource: the first two literal segments of its
    /// path (`/repos/{owner}/{repo}/issues/{number}` → `repos/issues`, `/pets/{id}` → `pets`).
    public static func resourceKey(ofPath path: String) -> String {
        let literals = path.split(separator: "/").filter { !$0.contains("{") }
        return literals.prefix(2).joined(separator: "/")
    }

    /// The 1-based shard for `key` among `count` shards: the weighted layout of ``shard(of:)`` for
    /// sixteen, an even spread otherwise.
    public static func shard(of key: String, count: Int) -> Int {
        guard count != shardCount else { return shard(of: key) }
        guard count > 1 else { return 1 }
        return Int((UInt64(mixedHash(key)) * UInt64(count)) >> 32) + 1
    }

    /// How many hash buckets each shard takes: the first six little, the other ten the rest
    /// (about a third of the files, a fifth of the models).
    static let bucketWeights: [UInt32] = Array(repeating: 2, count: 6) + Array(repeating: 5, count: 10)
    /// All buckets: 62.
    static let bucketCount: UInt32 = bucketWeights.reduce(0, +)

    /// The 1-based shard for `key`: FNV-1a of its UTF-8 bytes, mixed, picks a bucket, and
    /// ``bucketWeights`` deals the buckets out to the shards in order.
    public static func shard(of key: String) -> Int {
        var bucket = UInt32((UInt64(mixedHash(key)) * UInt64(bucketCount)) >> 32)
        for (index, weight) in bucketWeights.enumerated() {
            if bucket < weight { return index + 1 }
            bucket -= weight
        }
        return shardCount
    }

    private static func mixedHash(_ key: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        // FNV-1a alone leaves names of one family ("Resource12", "Resource13") unevenly spread
        // over a few buckets; MurmurHash3's finalizer mixes every bit into the high ones, which
        // the multiply-shift below turns into a bucket.
        hash ^= hash >> 16
        hash = hash &* 0x85EB_CA6B
        hash ^= hash >> 13
        hash = hash &* 0xC2B2_AE35
        hash ^= hash >> 16
        return hash
    }

    /// The kinds of generated file, in the order they are written.
    public enum FileKind: String, Sendable, CaseIterable {
        /// The namespace, environments and service configuration.
        case service = "Service"
        /// Model structs and enums (sharded).
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

        /// Whether this kind is spread over ``shardCount`` files.
        public var isSharded: Bool { self == .models || self == .factories || self == .clientMethods }

        /// The middle part of the file name: sharded factories and methods sit beside their kind.
        var fileLabel: String {
            switch self {
            case .factories: "Endpoints"
            case .clientMethods: "Client"
            default: rawValue
            }
        }
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

    /// The output file name for `stem` and `kind`: `petstore.Endpoints.swift`; sharded kinds take
    /// a 1-based `shard`, written with two digits: `petstore.03.Models.swift`, `petstore.03.Endpoints.swift`.
    public static func outputFileName(stem: String, kind: FileKind, shard: Int = 1) -> String {
        guard kind.isSharded else { return "\(stem).\(kind.fileLabel).swift" }
        return "\(stem).\(shard < 10 ? "0" : "")\(shard).\(kind.fileLabel).swift"
    }

    /// Every output file name for a spec path laid out as `layout` (sixteen shards unless
    /// given), in ``FileKind`` order, parts in order.
    public static func outputFileNames(forSpec path: String, layout: Layout = .sharded(shardCount)) -> [String] {
        layout.fileNames(stem: stem(of: path))
    }
}
