import Foundation
import Logging

/// A `LogHandler` that keeps every line in memory with its merged metadata, so a test can read
/// what was logged without bootstrapping the global logging system.
struct MemoryLogHandler: LogHandler {
    /// One logged line.
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    /// Where lines go; shared by every copy of the handler.
    final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Line] = []

        func append(_ line: Line) {
            lock.lock()
            defer { lock.unlock() }
            items.append(line)
        }

        var lines: [Line] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        store.append(Line(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
    }

    /// A logger writing to a new store, and the store.
    static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "memory") { _ in MemoryLogHandler(store: store) }, store)
    }
}
