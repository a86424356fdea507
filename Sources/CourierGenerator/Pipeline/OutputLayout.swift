/// Which files are generated for which spec: the contract with the build plugin, which declares
/// the outputs before the tool runs.
///
/// For every input `<dir>/<stem>.courier.yaml` (or `.courier.yml`) the generator writes exactly
/// these files into the output directory, even when one of them has nothing to declare:
/// `<stem>.Service.swift`, `<stem>.Endpoints.swift`, `<stem>.Client.swift`, and for each shard
/// `n` in 1…8: `<stem>.<n>.Models.swift`, `<stem>.<n>.Endpoints.swift`, `<stem>.<n>.Client.swift`.
///
/// Models, endpoint factories and client methods are spread over ``shardCount`` files by a stable
/// hash (``shard(of:)``) of a model's name, or of the model an endpoint answers with: a debug
/// build compiles the files in parallel, and changing one model recompiles its model file and
/// the endpoint and client files next to it, not the whole module. The hash, not the position,
/// picks the file, so adding a model moves nothing else.
///
/// The shard number comes before the kind so that sorted file names interleave heavy model files
/// with light ones: the compiler's batch mode hands each core a contiguous run of the sorted
/// files, and `Models.1…8` in one run would leave the other core idle.
///
/// The first half of the shards gets a little more than half of the hash space (5 buckets of 36
/// each, against 4): the module-interface job runs beside the first batch, so the second batch
/// starts late, and on two cores both finish together only if the second batch is lighter.
public enum OutputLayout {
    /// How many files hold each sharded kind of one spec.
    public static let shardCount = 8

    /// Hash buckets per spec; shards `1…shardCount/2` take ``firstHalfBuckets`` of them.
    static let bucketCount: UInt32 = 36
    /// The buckets of the first half of the shards (20 of 36, about 56%).
    static let firstHalfBuckets: UInt32 = 20

    /// The 1-based shard for `key`: FNV-1a of its UTF-8 bytes, mixed, picks a bucket, and the
    /// buckets are dealt to the first half of the shards, then to the second.
    public static func shard(of key: String) -> Int {
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
        let bucket = UInt32((UInt64(hash) * UInt64(bucketCount)) >> 32)
        let half = UInt32(shardCount / 2)
        if bucket < firstHalfBuckets { return Int(bucket % half) + 1 }
        return Int((bucket - firstHalfBuckets) % half + half) + 1
    }

    /// The kinds of generated file, in the order they are written.
    public enum FileKind: String, Sendable, CaseIterable {
        /// The namespace, environments and service configuration.
        case service = "Service"
        /// Model structs and enums (sharded).
        case models = "Models"
        /// Named wares per endpoint and sample bodies.
        case endpoints = "Endpoints"
        /// `Request` factories (sharded, named `<n>.Endpoints`).
        case factories = "Factories"
        /// The client facade type.
        case client = "Client"
        /// The facade's endpoint methods (sharded, named `<n>.Client`).
        case clientMethods = "ClientMethods"

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
    /// a 1-based `shard`: `petstore.3.Models.swift`, `petstore.3.Endpoints.swift`.
    public static func outputFileName(stem: String, kind: FileKind, shard: Int = 1) -> String {
        kind.isSharded ? "\(stem).\(shard).\(kind.fileLabel).swift" : "\(stem).\(kind.fileLabel).swift"
    }

    /// Every output file name for a spec path, in ``FileKind`` order, shards in order.
    public static func outputFileNames(forSpec path: String) -> [String] {
        let stem = stem(of: path)
        return FileKind.allCases.flatMap { kind in
            let shards = kind.isSharded ? Array(1...shardCount) : [1]
            return shards.map { outputFileName(stem: stem, kind: kind, shard: $0) }
        }
    }
}
