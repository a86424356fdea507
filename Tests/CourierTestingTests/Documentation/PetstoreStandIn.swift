import Courier
import Foundation

// The testing articles' examples are written against the generated Petstore client
// (`Sources/PetstoreAPI`), which this test target does not link. This stand-in has the same
// shape as the generated code they use — `Petstore.samples`, `Petstore.service()` and endpoint
// factories that set the request's name — with the same paths, names and sample files (read from `Sources/PetstoreAPI/samples`), so the
// examples compile and run here against the real `StubTransport`.

/// The Petstore service, as `Sources/PetstoreAPI/petstore.courier.yaml` generates it, in part.
enum Petstore {
    /// A pet: the fields the examples read.
    struct Pet: Codable, Sendable, Equatable {
        var id: Int64
        var name: String
    }

    /// The service at `https://petstore.example.com/v1`.
    static func service() -> ServiceConfiguration {
        ServiceConfiguration(
            name: "Petstore", baseURL: URL(string: "https://petstore.example.com/v1") ?? URL(fileURLWithPath: "/"),
            timeout: .seconds(30))
    }

    /// `GET /pets`.
    static func listPets() -> Request<[Pet]> {
        Request<[Pet]>(method: .get, path: "/pets", name: "listPets")
    }

    /// `GET /pets/{id}`.
    static func getPet(id: Int64) -> Request<Pet> {
        var request = Request<Pet>(method: .get, path: "/pets/{id}", name: "getPet")
        request.setPathParameter("id", to: id)
        return request
    }

    /// `POST /pets/{id}/photo` with a PNG body.
    static func uploadPhoto(id: Int64, body: Data) -> Request<Void> {
        var request = Request<Void>(method: .post, path: "/pets/{id}/photo", name: "uploadPhoto")
        request.setPathParameter("id", to: id)
        request.body = .data(body, contentType: "image/png")
        return request
    }

    /// A sample file of `Sources/PetstoreAPI/samples`, read as the generator embeds it.
    static func sample(_ name: String) -> Data {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? Data(contentsOf: root.appendingPathComponent("Sources/PetstoreAPI/samples/\(name)"))) ?? Data()
    }

    /// `samples/pet.json`.
    static let getPetSample = sample("pet.json")

    /// The samples by endpoint name, as `petstore.Samples.swift` holds them.
    static let samples: [String: EndpointSamples] = [
        "listPets": EndpointSamples(endpoint: "listPets", method: .get, path: "/pets", responses: [
            ResponseSample(status: 200, headers: ["Content-Type": "application/json"],
                           body: sample("pets.json")),
            ResponseSample(status: 503, headers: ["Content-Type": "application/json", "Retry-After": "120"],
                           body: sample("maintenance.json")),
        ]),
        "getPet": EndpointSamples(endpoint: "getPet", method: .get, path: "/pets/{id}", responses: [
            ResponseSample(status: 200, headers: ["Content-Type": "application/json"], body: getPetSample),
            ResponseSample(status: 404, headers: ["Content-Type": "application/json"],
                           body: sample("pet-missing.json")),
        ]),
        "uploadPhoto": EndpointSamples(endpoint: "uploadPhoto", method: .post, path: "/pets/{id}/photo", responses: [
            ResponseSample(status: 204),
        ]),
    ]
}
