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
    /// How many bytes may be handed over and not yet taken by the connection (it takes writes
    /// while its socket keeps up): several regions in flight keep the kernel busy while the task
    /// waits for the oldest.
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
    /// chunks. At most ``window`` bytes are in flight, which is the body's back-pressure. The
    /// progress moves as each write reaches the socket (``SentRegions`` hears of it). Returns
    /// early, the body ended, once `stop` says the server has answered or the request failed.
    static func write(
        _ segments: [BodySegment], to writer: HTTPClient.Body.StreamWriter, stop: UploadStop, regions: SentRegions
    ) async throws {
        var writes = WritesInFlight(writer: writer, stop: stop, regions: regions)
        for segment in segments {
            switch segment {
            case .bytes(let data):
                guard !data.isEmpty else { continue }
                guard try await writes.add(.byteBuffer(ByteBuffer(bytes: data)), count: data.count) else { return }
            case .file(let url, let size):
                let file = try OpenFile(url)
                // Closed once no region of it is left to send, however the writing ends.
                defer { regions.finished(file.handle) }
                var offset = 0
                while offset < size {
                    let end = min(offset + writes.regionSize, size)
                    // A file that shrank since it was measured would leave the kernel nothing to
                    // send and the call waiting for its timeout; it fails here, clearly, instead.
                    try file.check(holds: end)
                    let region = FileRegion(fileHandle: file.handle, readerIndex: offset, endIndex: end)
                    guard try await writes.add(.fileRegion(region), count: end - offset, from: (file, end)) else { return }
                    offset = end
                }
                guard try await writes.settleAll() else { return }
            case .body(let body):
                for try await chunk in body.chunks() {
                    guard try await writes.add(.byteBuffer(ByteBuffer(bytes: chunk)), count: chunk.count) else { return }
                }
            }
        }
        _ = try await writes.settleAll()
    }
}

/// The writes handed to AsyncHTTPClient and not yet taken by it, oldest first: a write's future
/// completes once the connection takes it (at once while it is writable), not once the write is
/// on the socket; ``SentRegions`` hears of that.
private struct WritesInFlight {
    let writer: HTTPClient.Body.StreamWriter
    let stop: UploadStop
    let regions: SentRegions
    private var queue: [(done: EventLoopFuture<Void>, count: Int, region: (file: OpenFile, end: Int)?)] = []
    private var inFlight = 0
    /// Bytes the connection took.
    private var taken = 0
    private let started = ContinuousClock.now
    /// How large the next file region is (see ``FileRegionUpload/regionSizes``).
    private(set) var regionSize = FileRegionUpload.regionSizes.lowerBound

    init(writer: HTTPClient.Body.StreamWriter, stop: UploadStop, regions: SentRegions) {
        self.writer = writer
        self.stop = stop
        self.regions = regions
    }

    /// Hands `data` over (a region of `region.file` up to `region.end`, when it is one), then
    /// waits while more than the window is in flight; `false` once the body was stopped.
    mutating func add(_ data: IOData, count: Int, from region: (file: OpenFile, end: Int)? = nil) async throws -> Bool {
        guard !stop.isStopped else { return false }
        if let region { regions.handingOver(region.file.handle) }
        queue.append((writer.write(data), count, region))
        inFlight += count
        while inFlight > FileRegionUpload.window {
            guard try await settleOldest() else { return false }
        }
        return true
    }

    /// Waits until the connection took every write handed over; `false` once the body was stopped.
    mutating func settleAll() async throws -> Bool {
        while !queue.isEmpty {
            guard try await settleOldest() else { return false }
        }
        return true
    }

    private mutating func settleOldest() async throws -> Bool {
        guard try await stop.wait(for: Self.watched(queue[0].done, region: queue[0].region)) else { return false }
        let count = queue.removeFirst().count
        inFlight -= count
        taken += count
        let seconds = Double((ContinuousClock.now - started) / .microseconds(1)) / 1_000_000
        let perReport = seconds > 0 ? Int(min(Double(taken) / seconds / 60, Double(Int.max / 2))) : 0
        regionSize = min(max(perReport, FileRegionUpload.regionSizes.lowerBound), FileRegionUpload.regionSizes.upperBound)
        return true
    }
}

extension WritesInFlight {
    /// How often a region in flight checks that its file still holds it.
    static let regionCheckInterval = TimeAmount.milliseconds(100)

    /// `done`, or for a file region a future that also fails once the file no longer holds the
    /// region. Why: when a file shrinks under a region being sent, `sendfile` finds its end early
    /// and SwiftNIO retries it without end, one core at 100 % until the call's timeout (measured:
    /// 20 s of CPU for a 20 s timeout), which then reports a timeout instead of the file.
    static func watched(_ done: EventLoopFuture<Void>, region: (file: OpenFile, end: Int)?) -> EventLoopFuture<Void> {
        guard let region else { return done }
        let loop = done.eventLoop
        let watched = loop.makePromise(of: Void.self)
        let check = loop.scheduleRepeatedTask(initialDelay: regionCheckInterval, delay: regionCheckInterval) { _ in
            do throws(CourierError) {
                try region.file.check(holds: region.end)
            } catch {
                watched.fail(error)  // after `done`, a completed promise ignores it
            }
        }
        done.whenComplete { _ in check.cancel() }
        done.cascade(to: watched)
        return watched.futureResult
    }
}

/// A file opened for reading as a `NIOFileHandle`, closed by ``SentRegions`` once every region
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
            throw CourierError.invalidRequest(.bodyFileShrank(url, to: size))
        }
    }
}
#endif
