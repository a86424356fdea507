import Logging

/// A `LogHandler` that prints each line and its Courier metadata indented, for the example.
/// (Apps pass their own handler; Courier never bootstraps logging.)
struct PrintLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        print("   [\(event.level)] \(event.message)")
        for (key, value) in (event.metadata ?? [:]).sorted(by: { $0.key < $1.key }) where key != "courier.headers" {
            print("      \(key): \(value)")
        }
    }
}
