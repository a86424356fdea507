import Courier
import CourierTestServer
import Foundation
import PetstoreAPI
import Testing

/// The generated `multipart:` endpoint against a server that parses the form with Python's own MIME
/// parser: each part arrives under its name, with its file name and content type, byte for byte.
@Suite struct PetstoreMultipartTests {
    @Test func aPhotoAndItsCaptionArriveAsTwoPartsByteForByte() async throws {
        let server = try await MultipartServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petstore-photo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
        let file = directory.appendingPathComponent("rex \"at\" the beach.jpg")
        try photo.write(to: file)

        let core = try Client(
            service: Petstore.service(.local).with(baseURL: server.baseURL), transport: URLSessionTransport(),
            wares: [StaticBearer(token: "token")])
        let client = PetstoreClient(client: core, namedWares: .init(signature: AddSignature()))
        let progress = Locked<[TransferProgress]>([])
        let answer = try await client.addPetPhoto(id: 7, photo: UploadFile(url: file), caption: "Rex, wet") { report in
            progress.withLock { $0.append(report) }
        }
        let echo = try JSONDecoder().decode(MultipartEcho.self, from: JSONEncoder().encode(answer))
        let caption = Data("Rex, wet".utf8)
        #expect(echo.parts == [
            MultipartEcho.Part(name: "caption", filename: nil, contentType: nil, length: caption.count, sha256: SHA256.hex(caption)),
            MultipartEcho.Part(
                name: "photo", filename: "rex %22at%22 the beach.jpg", contentType: "image/jpeg", length: photo.count, sha256: SHA256.hex(photo)),
        ])
        #expect(echo.contentLength == "\(echo.length)")
        let uploads = progress.withLock { $0 }.filter { $0.direction == .upload }
        #expect(uploads.last?.completedBytes == echo.length)
        #expect(uploads.map(\.completedBytes) == uploads.map(\.completedBytes).sorted())

        // An optional part left out is not sent at all.
        let bare = try JSONDecoder().decode(
            MultipartEcho.self, from: JSONEncoder().encode(try await client.addPetPhoto(id: 8, photo: UploadFile(url: file))))
        #expect(bare.parts?.map { $0.name } == ["photo"])
    }
}
