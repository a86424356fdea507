// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A request body whose files go out as SwiftNIO `FileRegion`s: the kernel copies them from the
/// page cache to the socket (`sendfile`), and Courier never reads them.
///
/// Why: reading a file part into memory chunk by chunk, then copying each chunk into a NIO
/// buffer, cost more than the transfer itself (measured on Linux: a 1 GiB multipart upload spent
/// most of its time with the kernel filling fresh buffers, at a third of `curl -F`'s rate).
///
/// Only over plain `http`: TLS has to encrypt the bytes in user space, so a `FileRegion` cannot
/// go through it; `https` bodies are read and sent as chunks.
enum FileRegionUpload {
    /// How much of a file one write hands to the kernel, at least and at most. Progress moves a
    /// region at a time, so a slow upload uses the smallest (the throttle passes a report every
    /// 256 KB); a fast one grows them to about what it sends in 1/60 s, the most often the
    /// throttle passes reports, because each write costs a turn of the event loop and a task
    /// switch (a 1 GiB loopback upload: about 370 ms in 256 KB regions, 250 ms in 1 MB ones).
    static let regionSizes = (256 << 10)...(4 << 20)
    /// How many bytes may be written and not yet on the socket: several regions in flight keep
    /// the kernel busy while the task waits for the oldest.
    static let window = 8 << 20

    /// The body's segments when `request` can send its files this way: plain `http`, and a body
    /// of bytes and files with at least one file.
    static func segments(of request: PreparedRequest) -> [BodySegment]? {
        guard request.http.scheme?.lowercased() == "http", let body = request.body, body.data == nil,
              let segments = body.segments,
              segments.contains(where: { if case .file = $0 { true } else { false } })
        else { return nil }
        return segments
    }

    /// Writes `segments` in order: bytes as buffers, files as regions, a stream segment as its
    /// chunks. At most ``window`` bytes are in flight, which is the body's back-pressure; each
    /// write that reaches the socket moves the progress.
    static func write(
        _ segments: [BodySegment], to writer: HTTPClient.Body.StreamWriter, length: Int?, progress: ProgressSink
    ) async throws {
        var writes = WritesInFlight(writer: writer, length: length, progress: progress)
        for segment in segments {
            switch segment {
            case .bytes(let data):
                guard !data.isEmpty else { continue }
                try await writes.add(.byteBuffer(ByteBuffer(bytes: data)), count: data.count)
            case .file(let url, let size):
                let file = try OpenFile(url)
                defer { file.close() }
                var offset = 0
                while offset < size {
                    let end = min(offset + writes.regionSize, size)
                    // A file that shrank since it was measured would leave the kernel nothing to
                    // send and the call waiting for its timeout; it fails here, clearly, instead.
                    try file.check(holds: end)
                    try await writes.add(.fileRegion(FileRegion(fileHandle: file.handle, readerIndex: offset, endIndex: end)), count: end - offset)
                    offset = end
                }
                // The file is closed once no region of it is left to send.
                try await writes.settleAll()
            case .body(let body):
                for try await chunk in body.chunks() {
                    try await writes.add(.byteBuffer(ByteBuffer(bytes: chunk)), count: chunk.count)
                }
            }
        }
        try await writes.settleAll()
    }
}

/// The writes handed to AsyncHTTPClient and not yet on the socket, oldest first.
private struct WritesInFlight {
    let writer: HTTPClient.Body.StreamWriter
    let length: Int?
    let progress: ProgressSink
    private var pending: [(done: EventLoopFuture<Void>, count: Int)] = []
    private var inFlight = 0
    private var sent = 0
    private let started = ContinuousClock.now
    /// How large the next file region is (see ``FileRegionUpload/regionSizes``).
    private(set) var regionSize = FileRegionUpload.regionSizes.lowerBound

    init(writer: HTTPClient.Body.StreamWriter, length: Int?, progress: ProgressSink) {
        self.writer = writer
        self.length = length
        self.progress = progress
    }

    /// Hands `data` over, then waits while more than the window is in flight.
    mutating func add(_ data: IOData, count: Int) async throws {
        pending.append((writer.write(data), count))
        inFlight += count
        while inFlight > FileRegionUpload.window { try await settleOldest() }
    }

    /// Waits until every write handed over is on the socket.
    mutating func settleAll() async throws {
        while !pending.isEmpty { try await settleOldest() }
    }

    private mutating func settleOldest() async throws {
        let (done, count) = pending.removeFirst()
        try await done.get()
        inFlight -= count
        sent += count
        if progress.isActive { progress.sent(sent, of: length) }
        let seconds = Double((ContinuousClock.now - started) / .microseconds(1)) / 1_000_000
        let perReport = seconds > 0 ? Int(min(Double(sent) / seconds / 60, Double(Int.max / 2))) : 0
        regionSize = min(max(perReport, FileRegionUpload.regionSizes.lowerBound), FileRegionUpload.regionSizes.upperBound)
    }
}

/// A file opened for reading as a `NIOFileHandle`, closed by ``close()`` once every region
/// written from it has reached the socket.
private struct OpenFile {
    let url: URL
    let handle: NIOFileHandle
    /// The handle's descriptor, for `fstat`: the handle itself refuses a second user (`EBUSY`)
    /// while the channel sends a region from it.
    private let descriptor: CInt

    init(_ url: URL) throws(CourierError) {
        self.url = url
        descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CourierError.invalidRequest(.bodyFileUnreadable(path: url.lastPathComponent, reason: String(cString: strerror(errno))))
        }
        handle = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor)
    }

    /// Throws when the file now holds fewer than `bytes` bytes.
    func check(holds bytes: Int) throws(CourierError) {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : -1
        guard size >= bytes else {
            throw CourierError.invalidRequest(.bodyFileUnreadable(
                path: url.lastPathComponent, reason: "the file holds \(max(size, 0)) bytes, fewer than when the request was made"))
        }
    }

    func close() {
        try? handle.close()
    }
}
#endif
