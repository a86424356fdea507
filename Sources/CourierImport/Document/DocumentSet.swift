import CourierSpec
import Foundation

/// The files of one OpenAPI description: the root document and every file its `$ref`s reach,
/// each read once with Courier's YAML reader (JSON is YAML), and the `$ref` resolution between them.
final class DocumentSet {
    /// Reads a file's bytes; replaced in tests.
    typealias FileReader = (String) -> [UInt8]?

    /// The root document's absolute path.
    let rootFile: String
    /// The log errors (unreadable files, broken references) go to.
    let log: ImportLog
    private let readFile: FileReader
    /// Loaded roots by absolute path; `nil` when the file could not be read or parsed.
    private var roots: [String: YAMLNode?] = [:]
    /// The path diagnostics name each file by (as given, or joined to the path it was reached from).
    private var shownPaths: [String: String] = [:]
    /// Resolved `$ref`s by `file#fragment`.
    private var resolved: [String: DocumentNode] = [:]
    /// The number of files read, for the summary.
    private(set) var fileCount = 0

    /// Prepares to read `rootPath` (as the user wrote it).
    init(rootPath: String, readFile: @escaping FileReader = DocumentSet.readFromDisk) {
        let absolute = DocumentSet.absolute(rootPath)
        self.rootFile = absolute
        self.readFile = readFile
        let root = absolute
        let rootDirectory = (absolute as NSString).deletingLastPathComponent
        self.log = ImportLog(displayPath: { path in
            if path == root { return "" }
            return DocumentSet.relative(path, to: rootDirectory)
        })
        shownPaths[absolute] = rootPath
    }

    /// The root document, or `nil` after logging why it could not be read.
    func root() -> DocumentNode? {
        guard let yaml = load(rootFile, reference: nil, at: nil) else { return nil }
        return DocumentNode(yaml: yaml, file: rootFile, pointer: "")
    }

    /// The path of `file` relative to the root document's directory (`resources/pets.yml`).
    func displayPath(_ file: String) -> String {
        DocumentSet.relative(file, to: (rootFile as NSString).deletingLastPathComponent)
    }

    /// Follows `$ref`s from `node` until a value that is not one; `nil` after logging a broken
    /// reference or a cycle of references that never reaches a value.
    func deref(_ node: DocumentNode) -> DocumentNode? {
        var current = node
        var seen: [String] = []
        while let reference = current.reference {
            guard let target = resolve(reference) else { return nil }
            if seen.contains(target.id) {
                log.error("`$ref` cycle: '\(reference.text ?? "")' leads back to itself without reaching a value", at: reference.location)
                return nil
            }
            seen.append(target.id)
            current = target
        }
        return current
    }

    /// The value a `$ref` value (`#/components/schemas/Pet`, `models/pet.yml`,
    /// `../shared/parameters.yml#/page`) points at, one step; `nil` after logging why not.
    func resolve(_ reference: DocumentNode) -> DocumentNode? {
        guard let text = reference.text, reference.yaml.scalar?.isNull == false else {
            log.error("`$ref` must be text, such as '#/components/schemas/Pet', found \(reference.yaml.kindDescription)", at: reference.location)
            return nil
        }
        return resolve(text: text, inFile: reference.file, at: reference.location)
    }

    /// The value a reference written in `file` at `location` points at (a `$ref`, or a
    /// discriminator mapping value); `nil` after logging why not.
    func resolve(text: String, inFile referringFile: String, at location: SourceLocation) -> DocumentNode? {
        let (filePart, fragment) = Self.split(text)
        if filePart.contains("://") {
            log.error(
                "`$ref` '\(text)' points at a URL; only files next to the document are read (download it and refer to the copy)",
                at: location)
            return nil
        }
        let file: String
        if filePart.isEmpty {
            file = referringFile
        } else {
            let directory = (referringFile as NSString).deletingLastPathComponent
            file = Self.standardized((directory as NSString).appendingPathComponent(JSONPointer.percentDecoded(filePart)))
            if shownPaths[file] == nil, let shownFrom = shownPaths[referringFile] {
                let shownDirectory = (shownFrom as NSString).deletingLastPathComponent
                shownPaths[file] = Self.standardized(
                    (shownDirectory as NSString).appendingPathComponent(JSONPointer.percentDecoded(filePart)), keepRelative: true)
            }
        }
        let key = file + "#" + fragment
        if let known = resolved[key] { return known }
        guard let tokens = JSONPointer.tokens(fragment) else {
            log.error(
                "`$ref` '\(text)' has the fragment '#\(fragment)'; only JSON pointers such as '#/components/schemas/Pet' are supported",
                at: location)
            return nil
        }
        guard let yaml = load(file, reference: text, at: location) else { return nil }
        var node = DocumentNode(yaml: yaml, file: file, pointer: "")
        for token in tokens {
            if let next = node[token] {
                node = next
            } else if let items = node.items, let index = Int(token), items.indices.contains(index) {
                node = items[index]
            } else {
                let shown = filePart.isEmpty ? "this file" : "'\(shownPaths[file] ?? filePart)'"
                log.error(
                    "cannot resolve `$ref` '\(text)': \(shown) has no '\(token)' at '#\(node.pointer)'"
                        + Self.suggestion(token, among: node.keys),
                    at: location)
                return nil
            }
        }
        resolved[key] = node
        return node
    }

    /// The path diagnostics show for a file.
    func shownPath(_ file: String) -> String { shownPaths[file] ?? file }

    private func load(_ file: String, reference: String?, at location: SourceLocation?) -> YAMLNode? {
        if let known = roots[file] { return known }
        let shown = shownPaths[file] ?? file
        guard let bytes = readFile(file) else {
            if let reference, let location {
                log.error("cannot read '\(shown)', which `$ref` '\(reference)' names: no such file", at: location)
            } else {
                log.error("cannot read the OpenAPI document '\(shown)': no such file", at: SourceLocation(file: shown, line: 1, column: 1))
            }
            roots[file] = .some(nil)
            return nil
        }
        fileCount += 1
        let (root, diagnostics) = YAMLReading.document(bytes, file: shown)
        for diagnostic in diagnostics where diagnostic.severity == .error {
            log.error(diagnostic.message, at: diagnostic.location)
        }
        if root == nil, diagnostics.isEmpty {
            log.error("the file is empty", at: SourceLocation(file: shown, line: 1, column: 1))
        }
        let usable = diagnostics.contains { $0.severity == .error } ? nil : root
        roots[file] = .some(usable)
        return usable
    }

    /// `models/pet.yml#/a` → (`models/pet.yml`, `/a`).
    private static func split(_ reference: String) -> (file: String, fragment: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    private static func suggestion(_ token: String, among keys: [String]) -> String {
        let lowered = token.lowercased()
        if let close = keys.first(where: { $0.lowercased() == lowered }) { return "; did you mean '\(close)'?" }
        return ""
    }

    /// Reads a file from disk.
    static func readFromDisk(_ path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return [UInt8](data)
    }

    /// `path` made absolute against the current directory, with `.` and `..` removed.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return standardized(path) }
        return standardized((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path))
    }

    /// `a/./b/../c` → `a/c`, lexically (links are not followed); a relative path keeps leading `..`.
    static func standardized(_ path: String, keepRelative: Bool = false) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", isAbsolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` relative to `directory` when it is inside it, else `path`.
    static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
