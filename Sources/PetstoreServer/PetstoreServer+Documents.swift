import CourierTestServer
import Foundation

extension PetstoreServer {
    /// `PUT /pets/{id}/document` stores the body as the pet's document (a `body: File` upload);
    /// `GET /pets/{id}/document` answers with it (a `response: File` download), 404 when none.
    func installDocumentRoutes() {
        let state = self.state
        route(.put, "/pets/{id}/document") { request in
            guard let contentType = request.header("Content-Type"), !contentType.isEmpty else {
                return Self.error(415, "UNSUPPORTED_MEDIA", "a document needs a Content-Type")
            }
            return Self.withPet(request, state) { pet in
                state.storeDocument(pet.id, bytes: request.body, contentType: contentType)
                return .status(204)
            }
        }
        route(.get, "/pets/{id}/document") { request in
            Self.withPet(request, state) { pet in
                guard let document = state.document(pet.id) else {
                    return Self.error(404, "NOT_FOUND", "pet \(pet.id) has no document")
                }
                return TestServer.Response(
                    status: 200, headers: [TestServer.Field(name: "Content-Type", value: document.contentType)],
                    body: document.bytes)
            }
        }
    }
}
