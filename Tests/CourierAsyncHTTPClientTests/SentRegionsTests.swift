// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
@testable import CourierAsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import Testing

/// When an upload's files close. What it protects, end to end: `SlowReaderUploadConformanceTests`
/// (a file closed while its last regions waited for the socket failed the upload). These pin the
/// rule's cases one at a time, on real file handles.
@Suite("AsyncHTTPClientTransport: a file sent as regions closes once they are all sent")
struct SentRegionsTests {
    /// A handle on a new temporary file of 4 KB, and the file, removed by the caller.
    private static func openFile() throws -> (NIOFileHandle, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-regions-\(UUID().uuidString)")
        try Data(repeating: 7, count: 4096).write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        return (NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor), url)
    }

    private static func region(of handle: NIOFileHandle) -> IOData {
        .fileRegion(FileRegion(fileHandle: handle, readerIndex: 0, endIndex: 1024))
    }

    private static let loop = MultiThreadedEventLoopGroup.singleton.any()

    @Test("a file stays open while a region handed over is unsent, and closes with the last one sent; the bytes sent add up")
    func closesWithTheLastRegionSent() throws {
        let (handle, url) = try Self.openFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let regions = SentRegions(loop: Self.loop)
        regions.handingOver(handle)
        regions.handingOver(handle)
        #expect(regions.sent(Self.region(of: handle)) == 1024)
        regions.finished(handle)
        #expect(handle.isOpen, "one region is still queued for the socket")
        #expect(regions.hasUnsent)
        #expect(regions.sent(.byteBuffer(ByteBuffer(bytes: [1, 2, 3]))) == 1027)
        #expect(handle.isOpen, "bytes are not the file's region")
        #expect(regions.sent(Self.region(of: handle)) == 2051)
        #expect(!handle.isOpen)
        #expect(!regions.hasUnsent)
    }

    @Test("a file whose regions were all sent, or which had none, closes when its writer finishes")
    func closesWhenFinishedWithNothingUnsent() throws {
        let (sent, first) = try Self.openFile()
        let (unused, second) = try Self.openFile()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let regions = SentRegions(loop: Self.loop)
        regions.handingOver(sent)
        _ = regions.sent(Self.region(of: sent))
        #expect(sent.isOpen, "the writer may hand over more of it")
        regions.finished(sent)
        regions.finished(unused)
        #expect(!sent.isOpen)
        #expect(!unused.isOpen)
    }

    @Test("once the exchange is abandoned, finished files close at once and the others when they finish")
    func abandonClosesEveryFile() throws {
        let (finished, first) = try Self.openFile()
        let (writing, second) = try Self.openFile()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let regions = SentRegions(loop: Self.loop)
        regions.handingOver(finished)
        regions.finished(finished)
        regions.handingOver(writing)
        #expect(finished.isOpen)
        regions.abandon()
        #expect(!finished.isOpen, "its region will never be sent")
        #expect(writing.isOpen, "its writer still holds it")
        regions.finished(writing)
        #expect(!writing.isOpen)
    }

    @Test("a file still waiting for its regions when the tracker goes (its loop shut down first) is closed")
    func closesWhatIsLeftWhenReleased() throws {
        let (handle, url) = try Self.openFile()
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            let regions = SentRegions(loop: Self.loop)
            regions.handingOver(handle)
            regions.finished(handle)
            #expect(handle.isOpen)
        }
        #expect(!handle.isOpen)
    }

    @Test("a close refused while the channel is sending from the file is tried again")
    func busyHandleClosesAfterItsUse() async throws {
        let (handle, url) = try Self.openFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let regions = SentRegions(loop: Self.loop)
        regions.handingOver(handle)
        regions.finished(handle)
        // What the channel does while it sends a region: the handle is in use, and refuses a close.
        try handle.withUnsafeFileDescriptor { _ in _ = regions.sent(Self.region(of: handle)) }
        let deadline = ContinuousClock.now + .seconds(5)
        while handle.isOpen, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(!handle.isOpen, "closed once the channel let go of it")
    }
}
#endif
