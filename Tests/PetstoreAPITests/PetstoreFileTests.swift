import Courier
import CourierTestServer
import Foundation
import PetstoreAPI
import PetstoreServer
import Testing

/// `body: File` and `response: File` endpoints against the loopback Petstore: bytes read from a
/// file go up, come back into a file, and progress ends at the whole size both ways.
@Suite struct PetstoreFileTests {
    /// Bytes that are not all alike, so a misplaced or dropped chunk shows.
    private static func patterned(_ count: Int) -> Data {
        PatternedBytes.make(count)
    }

    private static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petstore-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aDocumentGoesUpFromAFileAndComesBackIntoOne() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = Self.patterned(300_000)
        let source = directory.appendingPathComponent("record.pdf")
        try payload.write(to: source)

        let uploads = Locked<[TransferProgress]>([])
        try await harness.client.uploadPetDocument(id: 1, file: source, contentType: "application/pdf") { progress in
            uploads.withLock { $0.append(progress) }
        }
        let stored = try #require(harness.server.document(of: 1))
        #expect(stored.bytes == payload)
        #expect(stored.contentType == "application/pdf")
        #expect(harness.server.server.requests.last?.header("Content-Length") == "\(payload.count)")

        let destination = directory.appendingPathComponent("copy.pdf")
        let downloads = Locked<[TransferProgress]>([])
        let written = try await harness.client.downloadPetDocument(id: 1, to: destination) { progress in
            downloads.withLock { $0.append(progress) }
        }
        #expect(written.standardizedFileURL == destination.standardizedFileURL)
        #expect(try Data(contentsOf: destination) == payload)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers == ["copy.pdf", "record.pdf"], "no temporary file is left beside the destination")

        let up = uploads.withLock { $0 }.filter { $0.direction == .upload }
        let down = downloads.withLock { $0 }.filter { $0.direction == .download }
        #expect(up.last?.completedBytes == payload.count)
        #expect(up.last?.fractionCompleted == 1)
        #expect(down.last?.completedBytes == payload.count)
        #expect(down.last?.fractionCompleted == 1)
        #expect(up.map(\.completedBytes) == up.map(\.completedBytes).sorted(), "upload progress never goes back")
        #expect(down.map(\.completedBytes) == down.map(\.completedBytes).sorted(), "download progress never goes back")
    }

    @Test func aDownloadWithoutDestinationIsATemporaryFileTheCallerOwns() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = Self.patterned(1_000)
        let source = directory.appendingPathComponent("note.txt")
        try payload.write(to: source)
        try await harness.client.uploadPetDocument(id: 2, file: source)
        #expect(harness.server.document(of: 2)?.contentType == "application/octet-stream")

        let written = try await harness.client.downloadPetDocument(id: 2)
        defer { try? FileManager.default.removeItem(at: written) }
        #expect(try Data(contentsOf: written) == payload)
        #expect(written.standardizedFileURL != source.standardizedFileURL)
    }

    @Test func aMissingDocumentIsAnErrorAndWritesNothing() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("none.pdf")
        await #expect(throws: CourierError.self) {
            _ = try await harness.client.downloadPetDocument(id: 3, to: destination)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    @Test func theFactoriesDescribeTheFileTransfers() {
        let source = URL(fileURLWithPath: "/tmp/record.pdf")
        let upload = Petstore.uploadPetDocument(id: 1, file: source, contentType: "application/pdf")
        #expect(upload.method == .put)
        #expect(upload.pathTemplate == "/pets/{id}/document")
        let download: Request<URL> = Petstore.downloadPetDocument(id: 1, to: source)
        #expect(download.onProgress == nil)
        #expect(download.pathTemplate == "/pets/{id}/document")
    }
}
