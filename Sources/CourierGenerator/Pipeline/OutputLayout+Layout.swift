extension OutputLayout {
    /// How one spec's generated code is spread over files; the build plugin picks it from the
    /// spec's size (``forSpec(bytes:)``) and passes it to the tool as ``argument``.
    public enum Layout: Hashable, Sendable, CustomStringConvertible {
        /// For small specs: `<stem>.Service.swift`, `<stem>.Endpoints.swift` (every request
        /// factory and the named wares), `<stem>.Client.swift` (the facade and all its methods),
        /// `<stem>.Samples.swift` and the models in spec order over `modelFiles` files:
        /// `<stem>.Models.swift` for one, `<stem>.Models.1.swift` … `<stem>.Models.<n>.swift` for more.
        case compact(modelFiles: Int)
        /// For large specs: the four unsharded files and, for each of `shards` shards,
        /// `<stem>.<nn>.Models.swift`, `<stem>.<nn>.Endpoints.swift`, `<stem>.<nn>.Client.swift`,
        /// filled by a stable hash (``OutputLayout/shard(of:count:)``).
        case sharded(Int)

        /// The layouts the tool accepts, in the order of ``forSpec(bytes:)``'s size bands.
        public static let all: [Layout] = [.compact(modelFiles: 1), .compact(modelFiles: 4), .sharded(4), .sharded(shardCount)]

        /// The layout for a spec of `bytes` bytes: one models file below 2.5 KB, four below
        /// 24 KB (a Petstore-sized spec: seven files), four shards below 64 KB, else sixteen.
        /// The build plugin keeps a copy of this rule (it cannot link the generator).
        public static func forSpec(bytes: Int) -> Layout {
            bytes < 2_500 ? .compact(modelFiles: 1)
                : bytes < 24_000 ? .compact(modelFiles: 4)
                : bytes < 64_000 ? .sharded(4) : .sharded(shardCount)
        }

        /// The spelling on the command line: `compact1`, `compact4`, `sharded4`, `sharded16`.
        public var argument: String {
            switch self {
            case .compact(let files): "compact\(files)"
            case .sharded(let shards): "sharded\(shards)"
            }
        }

        /// The layout spelled `argument`, if it is one of ``all``.
        public init?(argument: String) {
            guard let layout = Self.all.first(where: { $0.argument == argument }) else { return nil }
            self = layout
        }

        /// Same as ``argument``.
        public var description: String { argument }

        /// How many files hold `kind`'s declarations: the shards for sharded kinds, the model
        /// files for compact models, else one.
        func fileCount(of kind: FileKind) -> Int {
            switch self {
            case .compact(let files): kind == .models ? max(1, files) : 1
            case .sharded(let shards): kind.isSharded ? max(1, shards) : 1
            }
        }

        /// The kinds that get files of their own: compact layouts render factories into the
        /// Endpoints file and client methods into the Client file.
        var fileKinds: [FileKind] {
            switch self {
            case .compact: [.service, .models, .endpoints, .client, .samples]
            case .sharded: FileKind.allCases
            }
        }

        /// The kinds rendered into `kind`'s file, in order.
        func kinds(renderedInto kind: FileKind) -> [FileKind] {
            switch (self, kind) {
            case (.compact, .endpoints): [.endpoints, .factories]
            case (.compact, .client): [.client, .clientMethods]
            default: [kind]
            }
        }

        /// The file name of the `part`th (1-based) file of `kind` for `stem`.
        func fileName(stem: String, kind: FileKind, part: Int = 1) -> String {
            switch self {
            case .compact(let files):
                guard kind == .models, files > 1 else { return "\(stem).\(kind.fileLabel).swift" }
                return "\(stem).\(kind.fileLabel).\(part).swift"
            case .sharded:
                return outputFileName(stem: stem, kind: kind, shard: part)
            }
        }

        /// Every output file name for `stem`, in ``FileKind`` order, parts in order.
        func fileNames(stem: String) -> [String] {
            fileKinds.flatMap { kind in
                (1...fileCount(of: kind)).map { fileName(stem: stem, kind: kind, part: $0) }
            }
        }
    }
}
