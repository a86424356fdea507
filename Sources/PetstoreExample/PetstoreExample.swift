import Courier
import Foundation
import Logging
import PetstoreAPI
import PetstoreServer

/// `swift run petstore-example`: the Petstore client that the build plugin generated from
/// `specs/petstore.courier.yaml`, talking to an in-memory Petstore on 127.0.0.1.
@main
enum PetstoreExample {
    static func main() async {
        do {
            try await run()
        } catch {
            print("The example failed: \(error)")
            exit(1)
        }
    }

    static func run() async throws {
        let server = try PetstoreServer()
        defer { server.stop() }
        print("Petstore running at \(server.baseURL)")

        let auth = Authenticator()  // keeps the session's tokens; FileCredentialStore or the keychain keep them longer
        let client = try Client(
            service: Petstore.service(.local).with(baseURL: server.baseURL),
            transport: URLSessionTransport(),
            wares: [auth, printCalls, Retry()]
        )
        let petstore = PetstoreClient(client: client, namedWares: .init(signature: signature))
        let events = client.events()  // subscribed here: every event from now on reaches it

        print("\n1. Log in (a form body; this endpoint has `auth: none`)")
        let login = try await petstore.login(username: PetstoreServer.username, password: PetstoreServer.password)
        try await auth.signIn(
            .bearer(login.accessToken, refreshToken: login.refreshToken, expiresAt: Date().addingTimeInterval(Double(login.expiresIn))),
            for: Petstore.AuthSchemes.session)
        print("   signed in; the access token expires in \(login.expiresIn) s")

        print("\n2. List pets (query parameters, lenient enums, per-field dates)")
        for pet in try await petstore.listPets(limit: 10) {
            print("   #\(pet.id) \(pet.name) [\(pet.status.rawValue)] size \(pet.size) since \(pet.createdAt)")
        }

        print("\n3. Create a pet (JSON body, an Idempotency-Key per call, and the spec's named `signature` ware)")
        let birthday = Date(timeIntervalSince1970: 1_700_000_000)
        let created = try await petstore.createPet(body: .init(name: "Biscuit", tag: "dog", birthday: birthday))
        print("   created #\(created.id) \(created.name), born \(created.birthday.map { "\($0)" } ?? "?")")

        print("\n4. Rename it (PATCH), upload a photo (raw body), read a text report, send a document from a file and download it")
        let renamed = try await petstore.patchPet(id: created.id, body: .init(name: "Biscuit II"))
        try await petstore.uploadPhoto(id: created.id, body: Data([0x89, 0x50, 0x4E, 0x47]))
        let report = try await petstore.petReport(kind: "daily summary")
        print("   now called \(renamed.name); photo stored (\(server.uploadedPhotoSize(of: created.id) ?? 0) bytes)")
        print("   report: \(report)")
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("petstore-record-\(UUID().uuidString).txt")
        try Data("vaccinated: 2024-05-01\n".utf8).write(to: record)
        defer { try? FileManager.default.removeItem(at: record) }
        try await petstore.uploadPetDocument(id: created.id, file: record, contentType: "text/plain") { progress in
            if progress.fractionCompleted == 1 { print("   document sent: \(progress.completedBytes) bytes") }
        }
        let copy = try await petstore.downloadPetDocument(id: created.id)
        defer { try? FileManager.default.removeItem(at: copy) }
        print("   document back in a file the caller owns: \((try? Data(contentsOf: copy).count) ?? 0) bytes")

        print("\n5. The owner profile (renamed keys, millisecond dates, base64 data, UUID)")
        let owner = try await petstore.getOwner(ownerID: 7)
        print("   \(owner.name) owns \(owner.pets.count) pets, last seen \(owner.lastSeen), token \(owner.token)")

        print("\n6. Errors say where they happened")
        try await petstore.deletePet(id: created.id)
        do {
            _ = try await petstore.getPet(id: created.id)
        } catch let error as CourierError {
            // Every failure is a CourierError; the spec's `errors:` envelope is inside it, typed.
            if case .apiError(let envelope)? = error.serviceError(as: Petstore.ServiceError.self)?.body {
                print("   getPet after delete: \(error.kind), \(error.call?.description ?? "?") [\(envelope.code): \(envelope.message)]")
            }
        }

        print("\n7. Timing, source and the raw response are one call away")
        let full = try await client.response(for: Petstore.getPet(id: 1))
        print("   \(full.value.name): HTTP \(full.http.status.code) from the \(full.source) in \(full.metrics.duration)")

        print("\n8. The server expires the token: the Authenticator refreshes once (a side request) and replays")
        server.expireAccessToken()
        let again = try await petstore.listPets(limit: 1)
        print("   got \(again.count) pet after \(server.refreshCount) refresh")

        print("\n9. The session is revoked: the refresh fails, and the subscription from client.events() says the session ended")
        server.expireAccessToken()
        server.revokeRefreshTokens()
        do {
            _ = try await petstore.listPets()
        } catch let error as CourierError {
            print("   listPets: \(error.kind), endpoint \(error.call?.endpoint ?? "?")")
        }
        var received = events.makeAsyncIterator()
        if let event = await received.next() { print("   event: \(event)") }

        print("\n10. RequestLogging at trace: the password and the spec's `sensitive: true` otp never show")
        let logged = PetstoreClient(client: try Client(
            service: Petstore.service(.local).with(baseURL: server.baseURL),
            wares: [RequestLogging()],
            logger: Logger(label: "petstore") { _ in PrintLogHandler() }), namedWares: .init(signature: signature))
        _ = try await logged.login(username: PetstoreServer.username, password: PetstoreServer.password, otp: "123456")
        print("\nDone.")
    }
}
