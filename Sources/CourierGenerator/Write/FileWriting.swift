import Foundation

/// The write step: puts generated files into the output directory.
public protocol FileWriting: Sendable {
    /// Writes `files` into `directory` (created if needed) and says what changed.
    func write(_ files: [GeneratedFile], to directory: String) throws(WriteError) -> WriteSummary

    /// Removes the layout files of `stems` in `directory` (shards, compact models files) that
    /// `keeping` does not name, left over from another layout of the same spec, so that a folder
    /// of committed sources never declares a model twice.
    func removeStaleLayoutFiles(of stems: Set<String>, keeping: Set<String>, in directory: String) -> [String]
}

extension FileWriting {
    /// Removes nothing.
    public func removeStaleLayoutFiles(of stems: Set<String>, keeping: Set<String>, in directory: String) -> [String] { [] }
}

/// What a write did.
public struct WriteSummary: Sendable, Hashable {
    /// Files whose contents changed or that did not exist.
    public var written: [String]
    /// Files left alone because their contents were already right (their modification time stays).
    public var unchanged: [String]

    /// Creates a summary.
    public init(written: [String] = [], unchanged: [String] = []) {
        self.written = written
        self.unchanged = unchanged
    }
}

/// Why a file could not be written.
public struct WriteError: Error, Sendable, CustomStringConvertible {
    /// The path.
    public var path: String
    /// The system's explanation.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `error: cannot write <path>: <message>`.
    public var description: String { "error: cannot write \(path): \(message)" }
}

/// Writes files to disk, skipping those whose bytes are already the same.
public struct FileWriter: FileWriting {
    /// Creates a writer.
    public init() {}

    /// See ``FileWriting/write(_:to:)``.
    public func write(_ files: [GeneratedFile], to directory: String) throws(WriteError) -> WriteSummary {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory, message: error.localizedDescription)
        }
        var summary = WriteSummary()
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if manager.contents(atPath: path) == data {
                summary.unchanged.append(file.name)
                continue
            }
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw WriteError(path: path, message: error.localizedDescription)
            }
            summary.written.append(file.name)
        }
        return summary
    }

    /// See ``FileWriting/removeStaleLayoutFiles(of:keeping:in:)``: shard files
    /// (`<stem>.<nn>.<Kind>.swift`, `<stem>.<nn>.Models.<First>.swift`) and models files
    /// (`<stem>.Models.swift`, `<stem>.Models.<First>.swift`) only: what another layout of the same
    /// spec, or the same layout before its models moved, wrote.
    public func removeStaleLayoutFiles(of stems: Set<String>, keeping: Set<String>, in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var removed: [String] = []
        for name in names.sorted() where !keeping.contains(name) && name.hasSuffix(".swift") {
            let parts = name.split(separator: ".")
            guard Self.isLayoutFile(parts, of: stems) else { continue }
            if (try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))) != nil {
                removed.append(name)
            }
        }
        return removed
    }

    /// Whether a file name's dot-separated parts name a sharded file or a compact models file of
    /// one of `stems`.
    private static func isLayoutFile(_ parts: [Substring], of stems: Set<String>) -> Bool {
        guard let stem = parts.first, stems.contains(String(stem)) else { return false }
        let shard = parts.count >= 4 && parts[1].count == 2 && parts[1].allSatisfy(\.isNumber)
        let sharded = shard && (["Endpoints", "Client"].contains(String(parts[2])) && parts.count == 4
            || parts[2] == "Models" && parts.count <= 5)
        let compactModels = parts.count >= 3 && parts[1] == "Models" && parts.count <= 4
        return sharded || compactModels
    }
}
