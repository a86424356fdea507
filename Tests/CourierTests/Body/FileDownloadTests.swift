@testable import Courier
import Foundation
import Testing

// Positioning a download's file for a fresh start or a resume. A fresh file is left alone (no
// `ftruncate`, which on ext4 makes `close` write the whole file back; measured by
// `transport-probe bulk-downloads`, Benchmarks/README.md); these tests check the bytes either way.
@Suite("A download's file, positioned for a fresh start or a resume")
struct FileDownloadTests {
    private static func contents(_ file: FileDownload) throws -> Data {
        let url = try file.commit()
        defer { try? FileManager.default.removeItem(at: url) }
        return try Data(contentsOf: url)
    }

    @Test("a fresh file positioned at zero takes the body from its first byte")
    func freshStart() throws {
        let file = try FileDownload(destination: nil)
        try file.truncate(to: 0)
        try file.write(Data("body".utf8))
        #expect(file.written == 4)
        #expect(try Self.contents(file) == Data("body".utf8))
    }

    @Test("positioned at its end, a file keeps its bytes and goes on after them")
    func resumeAtTheEnd() throws {
        let file = try FileDownload(destination: nil)
        try file.write(Data("0123456789".utf8))
        try file.truncate(to: 10)
        try file.write(Data("ab".utf8))
        #expect(try Self.contents(file) == Data("0123456789ab".utf8))
    }

    @Test("positioned before its end, a file loses the bytes after the offset, and to zero all of them")
    func cutBack() throws {
        let resumed = try FileDownload(destination: nil)
        try resumed.write(Data("0123456789".utf8))
        try resumed.truncate(to: 4)
        try resumed.write(Data("xy".utf8))
        #expect(try Self.contents(resumed) == Data("0123xy".utf8))

        let restarted = try FileDownload(destination: nil)
        try restarted.write(Data("stale bytes".utf8))
        try restarted.truncate(to: 0)
        #expect(restarted.written == 0)
        try restarted.write(Data("new".utf8))
        #expect(try Self.contents(restarted) == Data("new".utf8))
    }
}
