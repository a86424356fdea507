import Courier
import Foundation

/// What one bulk run moves through the transport, against ``BulkServer`` (`bulk-serve`).
enum BulkDirection: String, CaseIterable {
    /// The client made and one 16-byte GET sent: the process's size before any bulk transfer.
    case idle
    /// `GET /bytes/<n>` streamed (`Request<HTTPBody>`), counted chunk by chunk and dropped.
    case download
    /// `GET /bytes/<n>` streamed and read slowly: a 20 ms pause every 4 MiB (at most ~210 MB/s),
    /// so the transport has to hold back the network or buffer what the reader has not taken.
    case downloadSlow = "download-slow"
    /// `GET /bytes/<n>` written to a temporary file (`.file(to: nil)`), checked and removed.
    case downloadFile = "download-file"
    /// `PUT /sink` of generated chunks with a declared length (`Content-Length`).
    case uploadStream = "upload-stream"
    /// `PUT /sink` of generated chunks of unknown length (sent chunked).
    case uploadChunked = "upload-chunked"
    /// `PUT /sink` of a sparse file of n bytes made before the clock starts.
    case uploadFile = "upload-file"
    /// `POST /sink` of a multipart form: two text fields and a sparse file of n bytes as a file
    /// part (Courier's clients only; `curl -F` is its baseline in `bulk-multipart`).
    case uploadMultipart = "upload-multipart"

    /// The bytes the run should move for a transfer of `bytes`.
    func expected(_ bytes: Int) -> Int { self == .idle ? BulkDirection.idleBytes : bytes }

    /// Whether `moved` bytes are what a transfer of `bytes` should have moved: for a multipart
    /// upload, the file and a few hundred bytes of fields, headers and boundaries.
    func isComplete(_ moved: Int, of bytes: Int) -> Bool {
        self == .uploadMultipart ? moved > bytes && moved < bytes + 4096 : moved == expected(bytes)
    }

    /// The multipart fields sent with the file, as `curl -F` sends them too.
    static let multipartFields = [("title", "Bulk upload"), ("description", "one sparse file and two fields")]

    /// How many bytes the idle run asks for.
    static let idleBytes = 16

    /// How far `download-slow` reads between pauses, and how long it pauses.
    static let slowStride = 4 << 20
    static let slowPause = Duration.milliseconds(20)
}

/// Counts the bytes of chunks as they are read, pausing like `download-slow` when `slow`.
struct SlowCounter {
    let slow: Bool
    private(set) var count = 0
    private var sincePause = 0

    init(slow: Bool) {
        self.slow = slow
    }

    mutating func add(_ bytes: Int) async throws {
        count += bytes
        guard slow else { return }
        sincePause += bytes
        if sincePause >= BulkDirection.slowStride {
            sincePause = 0
            try await Task.sleep(for: BulkDirection.slowPause)
        }
    }
}

/// One bulk transfer through a Courier ``Client`` on one transport, run in a process of its own
/// so that `/usr/bin/time -v` sees only its memory.
struct BulkRun {
    let transport: String
    let direction: BulkDirection
    let port: Int
    let bytes: Int
    let timeout: Duration
    /// The file an upload sends, left in place; `nil` for a fresh sparse file of `bytes`, made
    /// before the clock starts and removed after. Comparisons give every contender the same file:
    /// the kernel fills a fresh sparse file's pages with zeros as it is read, which a file read
    /// before (in the page cache) does not cost.
    var uploadFile: URL?

    /// `<outcome> <elapsed-ms> <bytes>`: `ok` when the byte count is the one asked for, `short`
    /// when it is not, or the failure's kind.
    func run() async -> String {
        let made = ProbeTransports.make(transport)
        defer { BulkFiles.remove(scratch) }
        let service = ServiceConfiguration(
            name: "bulk", baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: timeout)
        var moved = -1
        let outcome: String
        let clock = ContinuousClock()
        var start = clock.now
        do {
            let upload = direction == .uploadFile || direction == .uploadMultipart ? try uploadFile ?? BulkFiles.sparse(bytes, at: scratch) : nil
            let client = try Client(service: service, transport: made)
            start = clock.now
            moved = try await ProbeTransports.reading(transport, made) { [self] in try await transfer(client, upload: upload) }
            outcome = direction.isComplete(moved, of: bytes) ? "ok" : "short"
        } catch let error as CourierError {
            if case .transport(.timedOut) = error.reason { outcome = "timedOut" } else { outcome = error.kind.name }
            // The table shows the kind; what went wrong goes to stderr, for whoever reruns it.
            FileHandle.standardError.write(Data("\(error)\n".utf8))
        } catch {
            outcome = "\(type(of: error))"
        }
        let elapsed = clock.now - start
        await ProbeTransports.shutDown(made)
        let line = BulkFiles.line(outcome, elapsed, moved)
        return direction == .uploadMultipart ? line + " \(progressReports.count)" : line
    }

    /// How many upload progress reports a multipart run's caller received.
    private let progressReports = ReportCounter()

    /// Where this run's upload file goes.
    private let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bulk-\(UUID().uuidString)")

    private func transfer(_ client: Client, upload: URL?) async throws -> Int {
        switch direction {
        case .idle:
            return try await client.send(Request<Data>(method: .get, path: "/bytes/\(BulkDirection.idleBytes)")).count
        case .download, .downloadSlow:
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/bytes/\(bytes)"))
            var counter = SlowCounter(slow: direction == .downloadSlow)
            for try await chunk in body.chunks() { try await counter.add(chunk.count) }
            return counter.count
        case .downloadFile:
            let file = try await client.send(Request<URL>(method: .get, path: "/bytes/\(bytes)", decoding: .file(to: nil)))
            defer { BulkFiles.remove(file) }
            return BulkFiles.size(of: file)
        case .uploadStream, .uploadChunked, .uploadFile:
            var request = Request<String>(method: .put, path: "/sink")
            if let upload {
                request.body = .file(upload)
            } else {
                request.body = .stream(
                    GeneratedChunks(total: bytes), length: direction == .uploadStream ? bytes : nil,
                    contentType: "application/octet-stream")
            }
            return Int(try await client.send(request)) ?? -1
        case .uploadMultipart:
            var form = MultipartForm()
            for (name, value) in BulkDirection.multipartFields { form.add(name, value) }
            if let upload { form.addFile("file", UploadFile(url: upload, fileName: "bulk.bin")) }
            var request = Request<String>(method: .post, path: "/sink")
            request.body = .multipart(form)
            let reports = progressReports
            request.onProgress = { progress in if progress.direction == .upload { reports.add() } }
            return Int(try await client.send(request)) ?? -1
        }
    }
}

/// Counts progress reports, from whichever thread the transport reports on. Courier's `Locked`,
/// not `Synchronization.Mutex`, which needs macOS 15 / iOS 18 (above the package's floor).
final class ReportCounter: Sendable {
    private let value = Locked(0)
    var count: Int { value.withLock { $0 } }
    func add() { value.withLock { $0 += 1 } }
}

/// `total` bytes as chunks of ``chunkSize``, all views of one buffer: producing them costs no
/// memory, so what a run holds is the transport's doing.
struct GeneratedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    static let chunkSize = 64 * 1024
    static let block = Data(repeating: UInt8(ascii: "x"), count: chunkSize)

    let total: Int

    func makeAsyncIterator() -> Iterator { Iterator(remaining: total) }

    struct Iterator: AsyncIteratorProtocol {
        var remaining: Int

        mutating func next() async -> Data? {
            guard remaining > 0 else { return nil }
            let count = Swift.min(remaining, GeneratedChunks.chunkSize)
            remaining -= count
            return count == GeneratedChunks.chunkSize ? GeneratedChunks.block : GeneratedChunks.block.prefix(count)
        }
    }
}

/// Files and output shared by the bulk runs.
enum BulkFiles {
    /// Makes a sparse file of `bytes` zeros at `url` (no disk blocks, no memory) and returns it.
    static func sparse(_ bytes: Int, at url: URL) throws -> URL {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(bytes))
        return url
    }

    /// Reads the file at `url` through once, so that its pages are in the page cache.
    static func warm(_ url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {}
    }

    /// The size of the file at `url`, or -1.
    static func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// `<outcome> <elapsed-ms> <bytes>`.
    static func line(_ outcome: String, _ elapsed: Duration, _ bytes: Int) -> String {
        let (seconds, attoseconds) = elapsed.components
        return "\(outcome) \(seconds * 1000 + attoseconds / 1_000_000_000_000_000) \(bytes)"
    }
}
