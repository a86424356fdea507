// The output-layout rule, in one place: this file is compiled into the build plugin, the command
// plugin and the generator (`Sources/CourierGenerator/Pipeline/SpecLayout.swift` is a link to
// it). The plugin must name every file the tool will write before the tool runs, and it can
// neither link the generator nor parse YAML, so the rule reads only what a line scan of the spec
// finds (``SpecOutline``) and uses the standard library alone.

/// What the layout rule reads from a spec: its model names in file order, with their sizes in
/// lines, and how many endpoints it has.
///
/// A line scan of the block-style YAML every spec uses, not a parse: the keys one level under
/// the top-level `models:` and `endpoints:`. Comments, blank lines, spacing and the order of the
/// top-level sections change nothing. A spec written in flow style (`models: {A: …}`) outlines as
/// empty, which only gives it the smallest layout; the plugin and the tool still agree, because
/// both outline the same text with this code.
struct SpecOutline: Hashable, Sendable {
    /// One model key under `models:`.
    struct ModelEntry: Hashable, Sendable {
        /// The key as written (quotes removed).
        var name: String
        /// Its lines below the key, not counting blank and comment lines, plus one: about how
        /// much code it generates.
        var weight: Int
    }

    /// The models, in file order.
    var models: [ModelEntry]
    /// How many keys `endpoints:` has.
    var endpointCount: Int

    /// An outline from known parts (tests, and specs given in memory).
    init(models: [ModelEntry], endpointCount: Int) {
        self.models = models
        self.endpointCount = endpointCount
    }

    /// The outline of a spec's text.
    init(yaml text: String) {
        var models: [ModelEntry] = []
        var endpointCount = 0
        var section = ""
        var childIndent: Int?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = Substring(rawLine)
            let content = line.drop { $0 == " " }
            guard !content.isEmpty, content.first != "#" else { continue }
            let indent = line.count - content.count
            if indent == 0 {
                // A top-level line: a new section starts (or a document marker, which ends one).
                section = Self.key(of: content) ?? ""
                childIndent = nil
                continue
            }
            guard section == "models" || section == "endpoints" else { continue }
            let level = childIndent ?? indent
            childIndent = level
            if indent == level, let key = Self.key(of: content) {
                if section == "models" {
                    models.append(ModelEntry(name: key, weight: 1))
                } else {
                    endpointCount += 1
                }
            } else if indent > level, section == "models", !models.isEmpty {
                models[models.count - 1].weight += 1
            }
        }
        self.models = models
        self.endpointCount = endpointCount
    }

    /// The key of a `key:` or `key: value` line (a quoted key loses its quotes), or `nil` for
    /// anything else: sequence items, continuation lines, document markers.
    static func key(of content: Substring) -> String? {
        if let quote = content.first, quote == "\"" || quote == "'" {
            let rest = content.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { return nil }
            let after = rest[rest.index(after: end)...].drop { $0 == " " }
            guard after.first == ":" else { return nil }
            return String(rest[..<end])
        }
        guard content.first != "-", content.first != "{", content.first != "[" else { return nil }
        var index = content.startIndex
        while index < content.endIndex {
            if content[index] == ":" {
                let next = content.index(after: index)
                if next == content.endIndex || content[next] == " " || content[next] == "\t" {
                    var key = content[..<index]
                    while key.last == " " || key.last == "\t" { key = key.dropLast() }
                    return key.isEmpty ? nil : String(key)
                }
            }
            index = content.index(after: index)
        }
        return nil
    }
}

/// How one spec's generated code is spread over files, and what each file is called: decided
/// from the spec's model and endpoint counts (``shape(modelCount:endpointCount:)``), never from
/// its size in bytes, so comments and formatting move nothing.
///
/// - **Compact** (specs with up to 60 models and endpoints): `<stem>.Service.swift`,
///   `<stem>.Endpoints.swift` (request factories and named wares), `<stem>.Client.swift` (the
///   facade and its methods), `<stem>.Samples.swift`, and the models in file order: in
///   `<stem>.Models.swift` when there are up to 12 declarations, else in runs of about equal
///   weight over up to four files, each named by the first model it holds
///   (`petstore.Models.Pet.swift`).
/// - **Sharded** (larger specs): those four files and, per shard `nn` (01…04 up to 150
///   declarations, 01…16 above), `<stem>.<nn>.Endpoints.swift`, `<stem>.<nn>.Client.swift` and
///   `<stem>.<nn>.Models.<First>.swift`, named by the first model of the shard in file order
///   (`<stem>.<nn>.Models.swift` when the shard holds none). A stable hash of a model's name, or
///   of an endpoint's resource (``resourceKey(ofPath:)``), picks its shard, so adding a model or
///   an endpoint changes one shard's file.
///
/// Why these shapes (how a two-core debug build schedules the files) is in
/// `Benchmarks/generator/README.md`.
struct SpecLayout: Hashable, Sendable, CustomStringConvertible {
    /// How many files, before naming them.
    enum Shape: Hashable, Sendable {
        /// Unsharded, the models over `modelFiles` files.
        case compact(modelFiles: Int)
        /// Sharded `count` ways.
        case sharded(Int)
    }

    /// The shape this layout names.
    let shape: Shape
    /// What follows `Models` in each models file's name, by part (1-based part = index + 1):
    /// the name of the first model it holds, or `nil` for a file named `Models` alone.
    let modelFileLabels: [String?]
    /// Compact: the part each run starts, by the name of its first model.
    private let runStarts: [String: Int]

    /// The most shards a spec gets.
    static let shardCount = 16

    /// The shape for a spec of `modelCount` models and `endpointCount` endpoints.
    static func shape(modelCount: Int, endpointCount: Int) -> Shape {
        let declarations = modelCount + endpointCount
        if declarations <= 12 { return .compact(modelFiles: 1) }
        if declarations <= 60 { return .compact(modelFiles: 4) }
        return .sharded(declarations <= 150 ? 4 : shardCount)
    }

    /// The layout the rule picks for `outline`.
    init(outline: SpecOutline) {
        self.init(shape: Self.shape(modelCount: outline.models.count, endpointCount: outline.endpointCount), outline: outline)
    }

    /// `shape`, with its files named from `outline`'s models.
    init(shape: Shape, outline: SpecOutline) {
        self.shape = shape
        var starts: [String: Int] = [:]
        var labels: [String?] = []
        switch shape {
        case .compact(let files) where files > 1 && outline.models.count > 1:
            // Runs in file order, so models declared together stay together, of about equal
            // weight, so the files compile in about equal time; never an empty run. Each run
            // aims at an equal share of the weight left when it starts, so one heavy model
            // fills a run alone and the light ones share the others.
            let runs = min(files, outline.models.count)
            var remaining = outline.models.reduce(0) { $0 + $1.weight }
            var filled = 0
            var target = 0
            for (index, entry) in outline.models.enumerated() {
                let unstarted = runs - labels.count
                let mustStart = labels.isEmpty || outline.models.count - index <= unstarted
                if mustStart || (unstarted > 0 && 2 * filled + entry.weight > 2 * target) {
                    labels.append(Self.fileSafe(entry.name))
                    starts[entry.name] = labels.count
                    target = remaining / (runs - labels.count + 1)
                    filled = 0
                }
                filled += entry.weight
                remaining -= entry.weight
            }
        case .compact:
            labels = [nil]
        case .sharded(let count):
            labels = Array(repeating: nil, count: max(1, count))
            for entry in outline.models {
                let shard = Self.shard(of: entry.name, count: count)
                if labels[shard - 1] == nil { labels[shard - 1] = Self.fileSafe(entry.name) }
            }
        }
        // File systems that ignore case (macOS) would merge `Models.Pet` and `Models.pet`.
        var seen = Set<String>()
        for index in labels.indices {
            guard let label = labels[index] else { continue }
            var unique = label
            var suffix = 2
            while !seen.insert(unique.lowercased()).inserted {
                unique = "\(label)_\(suffix)"
                suffix += 1
            }
            labels[index] = unique
        }
        self.modelFileLabels = labels
        self.runStarts = starts
    }

    /// How many files hold the models.
    var modelFileCount: Int { modelFileLabels.count }

    /// How many shards hold endpoint factories and client methods (`nil` when compact).
    var endpointShardCount: Int? {
        if case .sharded(let count) = shape { return max(1, count) }
        return nil
    }

    /// The 1-based models file of each model, given their names in file order. Compact: a model
    /// joins the run its outline entry starts, else the run of the model before it. Sharded: the
    /// hash of its name.
    func modelParts(_ names: [String]) -> [Int] {
        switch shape {
        case .compact:
            var part = 1
            return names.map { name in
                if let start = runStarts[name] { part = start }
                return min(part, modelFileCount)
            }
        case .sharded(let count):
            return names.map { Self.shard(of: $0, count: count) }
        }
    }

    /// The file name of models file `part` for `stem`.
    func modelsFileName(stem: String, part: Int) -> String {
        let label = part >= 1 && part <= modelFileLabels.count ? modelFileLabels[part - 1] : nil
        let models = label.map { "Models.\($0)" } ?? "Models"
        if case .sharded = shape { return "\(stem).\(Self.twoDigits(part)).\(models).swift" }
        return "\(stem).\(models).swift"
    }

    /// The file name of the unsharded file `label` (`Service`, `Endpoints`, `Client`, `Samples`).
    static func fileName(stem: String, label: String) -> String { "\(stem).\(label).swift" }

    /// The file name of shard `shard`'s `label` file (`Endpoints` or `Client`).
    static func shardFileName(stem: String, label: String, shard: Int) -> String {
        "\(stem).\(twoDigits(shard)).\(label).swift"
    }

    /// Every file for `stem`, in the order the tool writes them.
    func fileNames(stem: String) -> [String] {
        let models = (1...modelFileCount).map { modelsFileName(stem: stem, part: $0) }
        switch shape {
        case .compact:
            return [Self.fileName(stem: stem, label: "Service")] + models
                + ["Endpoints", "Client", "Samples"].map { Self.fileName(stem: stem, label: $0) }
        case .sharded:
            let shards = 1...(endpointShardCount ?? 1)
            return [Self.fileName(stem: stem, label: "Service")] + models
                + [Self.fileName(stem: stem, label: "Endpoints")]
                + shards.map { Self.shardFileName(stem: stem, label: "Endpoints", shard: $0) }
                + [Self.fileName(stem: stem, label: "Client")]
                + shards.map { Self.shardFileName(stem: stem, label: "Client", shard: $0) }
                + [Self.fileName(stem: stem, label: "Samples")]
        }
    }

    /// `compact4`, `sharded16`: for messages.
    var description: String {
        switch shape {
        case .compact(let files): "compact\(files)"
        case .sharded(let count): "sharded\(count)"
        }
    }

    /// What groups an endpoint with others of its resource: the first two literal segments of its
    /// path (`/repos/{owner}/{repo}/issues/{number}` → `repos/issues`, `/pets/{id}` → `pets`).
    static func resourceKey(ofPath path: String) -> String {
        let literals = path.split(separator: "/").filter { !$0.contains("{") }
        return literals.prefix(2).joined(separator: "/")
    }

    /// The 1-based shard for `key` among `count` shards: the weighted layout of sixteen (see
    /// ``bucketWeights``), an even spread otherwise.
    static func shard(of key: String, count: Int) -> Int {
        guard count > 1 else { return 1 }
        guard count == shardCount else { return Int((UInt64(mixedHash(key)) * UInt64(count)) >> 32) + 1 }
        var bucket = UInt32((UInt64(mixedHash(key)) * UInt64(bucketCount)) >> 32)
        for (index, weight) in bucketWeights.enumerated() {
            if bucket < weight { return index + 1 }
            bucket -= weight
        }
        return shardCount
    }

    /// How many hash buckets each of sixteen shards takes: the first six little, the other ten
    /// the rest (about a third of the files, a fifth of the models), for how a two-core debug
    /// build schedules them.
    static let bucketWeights: [UInt32] = Array(repeating: 2, count: 6) + Array(repeating: 5, count: 10)
    /// All buckets: 62.
    static let bucketCount: UInt32 = bucketWeights.reduce(0, +)

    private static func mixedHash(_ key: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        // FNV-1a alone leaves names of one family ("Resource12", "Resource13") unevenly spread
        // over a few buckets; MurmurHash3's finalizer mixes every bit into the high ones, which
        // the multiply-shift turns into a bucket.
        hash ^= hash >> 16
        hash = hash &* 0x85EB_CA6B
        hash ^= hash >> 13
        hash = hash &* 0xC2B2_AE35
        hash ^= hash >> 16
        return hash
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// A model name as it may appear in a file name: letters, digits and `_`, others as `_`.
    private static func fileSafe(_ name: String) -> String {
        let safe = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
                ? Character(scalar) : "_"
        })
        return safe.isEmpty ? "_" : safe
    }
}
