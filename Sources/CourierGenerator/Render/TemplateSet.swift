import Foundation

/// The Mustache template texts the renderer uses, by name (`Service`, `Models`, `Endpoints`,
/// `Client`, and partials such as `Header`).
///
/// Loaded from Courier's `templates/` directory and, optionally, a custom directory whose files
/// replace the defaults one by one: a custom directory only needs the templates it changes, and
/// may add partials of its own.
public struct TemplateSet: Sendable {
    /// Templates every set must have: the four files and the header partial they include.
    public static let requiredNames = ["Header"] + OutputLayout.FileKind.allCases.map(\.templateName)

    /// Template text by name.
    public var texts: [String: String]
    /// Where each template was read from (for error messages).
    public var paths: [String: String]

    /// Creates a set from texts held in memory (tests).
    public init(texts: [String: String]) {
        self.texts = texts
        self.paths = Dictionary(uniqueKeysWithValues: texts.keys.map { ($0, "<memory>/\($0).mustache") })
    }

    /// Loads every `*.mustache` file of `defaults`, then of `custom` (replacing same-named ones).
    ///
    /// Either directory may be `nil`; every name in ``requiredNames`` must be found in one of them.
    public static func load(custom: String?, defaults: String?) throws(RenderError) -> TemplateSet {
        var set = TemplateSet(texts: [:])
        for directory in [defaults, custom].compactMap({ $0 }) {
            try set.add(directory: directory)
        }
        for name in requiredNames where set.texts[name] == nil {
            // Each folder as a full path, so a relative or empty `--templates` still says where it looked.
            let searched = [custom, defaults].compactMap { $0 }.map { directory in
                URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL.path
            }
            throw RenderError.missingTemplate(name: name, searched: searched)
        }
        return set
    }

    /// Courier's own templates as the module carries them (``DefaultTemplates``), then every
    /// `*.mustache` file of `custom` (replacing same-named ones).
    ///
    /// Needs no directory of Courier's: what `courier generate` uses without
    /// `--default-templates`, as when an Xcode project's build plugin runs it.
    public static func embedded(custom: String?) throws(RenderError) -> TemplateSet {
        var set = TemplateSet(texts: DefaultTemplates.texts)
        set.paths = Dictionary(uniqueKeysWithValues: set.texts.keys.map { ($0, "<courier>/templates/\($0).mustache") })
        if let custom { try set.add(directory: custom) }
        return set
    }

    private mutating func add(directory: String) throws(RenderError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw RenderError.unreadableDirectory(directory, message: "no such directory or not readable")
        }
        for fileName in names.sorted() where fileName.hasSuffix(".mustache") {
            let path = (directory as NSString).appendingPathComponent(fileName)
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw RenderError.unreadableDirectory(directory, message: "cannot read \(fileName) as UTF-8")
            }
            let name = String(fileName.dropLast(".mustache".count))
            texts[name] = text
            paths[name] = path
        }
    }
}
