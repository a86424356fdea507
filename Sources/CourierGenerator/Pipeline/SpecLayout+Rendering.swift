import Foundation

extension SpecLayout {
    /// The layout of the spec at `path`, from its text: what the build plugin computes for the
    /// same file. `fallback` outlines a spec that is not on disk (one given in memory).
    static func ofSpec(at path: String, fallback: @autoclosure () -> SpecOutline) -> SpecLayout {
        guard let data = FileManager.default.contents(atPath: path) else { return SpecLayout(outline: fallback()) }
        return SpecLayout(outline: SpecOutline(yaml: String(decoding: data, as: UTF8.self)))
    }

    /// How many files hold `kind`'s declarations.
    func fileCount(of kind: OutputLayout.FileKind) -> Int {
        switch kind {
        case .models: modelFileCount
        case .factories, .clientMethods: endpointShardCount ?? 1
        default: 1
        }
    }

    /// The kinds that get files of their own: compact layouts render factories into the
    /// Endpoints file and client methods into the Client file.
    var fileKinds: [OutputLayout.FileKind] {
        endpointShardCount == nil ? [.service, .models, .endpoints, .client, .samples] : OutputLayout.FileKind.allCases
    }

    /// The kinds rendered into `kind`'s file, in order.
    func kinds(renderedInto kind: OutputLayout.FileKind) -> [OutputLayout.FileKind] {
        switch (endpointShardCount, kind) {
        case (nil, .endpoints): [.endpoints, .factories]
        case (nil, .client): [.client, .clientMethods]
        default: [kind]
        }
    }

    /// The file name of the `part`th (1-based) file of `kind` for `stem`.
    func fileName(stem: String, kind: OutputLayout.FileKind, part: Int = 1) -> String {
        switch kind {
        case .models: modelsFileName(stem: stem, part: part)
        case .factories: Self.shardFileName(stem: stem, label: "Endpoints", shard: part)
        case .clientMethods: Self.shardFileName(stem: stem, label: "Client", shard: part)
        default: Self.fileName(stem: stem, label: kind.rawValue)
        }
    }
}
