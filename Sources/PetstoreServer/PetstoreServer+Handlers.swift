import CourierTestServer
import Foundation

extension PetstoreServer {
    static func login(_ request: TestServer.Request, _ state: PetStoreState) -> TestServer.Response {
        guard request.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true else {
            return error(415, "UNSUPPORTED_MEDIA", "login takes a form")
        }
        let fields = formFields(request)
        guard fields["username"] == username, fields["password"] == password else {
            return error(401, "BAD_CREDENTIALS", "wrong user name or password")
        }
        let tokens: [String: Any] = [
            "access_token": state.token, "refresh_token": state.issueRefreshToken(), "expires_in": 3600,
        ]
        return .json(encode(tokens))
    }

    static func refresh(_ request: TestServer.Request, _ state: PetStoreState) -> TestServer.Response {
        let fields = formFields(request)
        guard let old = fields["refresh_token"], let access = state.refresh(old) else {
            return error(401, "BAD_REFRESH_TOKEN", "the refresh token is not valid")
        }
        let tokens: [String: Any] = ["access_token": access, "refresh_token": state.issueRefreshToken(), "expires_in": 3600]
        return .json(encode(tokens))
    }

    static func formFields(_ request: TestServer.Request) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in request.bodyText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    static func list(_ request: TestServer.Request, _ state: PetStoreState) -> TestServer.Response {
        var pets = state.all()
        if let status = request.queryValues("status").first { pets = pets.filter { $0.status == status } }
        let tags = request.queryValues("tags")
        if !tags.isEmpty { pets = pets.filter { $0.tag.map(tags.contains) ?? false } }
        if request.queryValues("sort").first == "name" { pets.sort { $0.name < $1.name } }
        if let limit = request.queryValues("limit").first.flatMap(Int.init) { pets = Array(pets.prefix(limit)) }
        return .json(encode(pets.map(\.json)))
    }

    static func create(_ request: TestServer.Request, _ state: PetStoreState) -> TestServer.Response {
        guard let key = request.header("Idempotency-Key"), !key.isEmpty else {
            return error(400, "MISSING_IDEMPOTENCY_KEY", "creates need an Idempotency-Key header")
        }
        if let earlier = state.pet(createdWith: key) { return .json(encode(earlier.json), status: 201) }
        guard let body = object(request.body), let name = body["name"] as? String else {
            return error(400, "BAD_BODY", "a pet needs a name")
        }
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .json(encode(["message": "the pet is not valid", "problems": ["name is empty"]]), status: 422)
        }
        let pet = state.add(
            name: name, tag: body["tag"] as? String, status: body["status"] as? String ?? "available",
            birthday: body["birthday"] as? String)
        state.remember(pet.id, createdWith: key)
        if let status = state.nextCreateFailure() { return error(status, "GATEWAY", "the answer was lost on the way") }
        return .json(encode(pet.json), status: 201)
    }

    static func update(_ request: TestServer.Request, _ state: PetStoreState, replacing: Bool) -> TestServer.Response {
        withPet(request, state) { pet in
            guard let body = object(request.body) else { return error(400, "BAD_BODY", "expected a JSON object") }
            var pet = pet
            if let name = body["name"] as? String { pet.name = name } else if replacing {
                return error(400, "BAD_BODY", "a pet needs a name")
            }
            if replacing || body.keys.contains("tag") { pet.tag = body["tag"] as? String }
            if let status = body["status"] as? String { pet.status = status }
            if let birthday = body["birthday"] as? String { pet.birthday = birthday }
            state.replace(pet)
            return .json(encode(pet.json))
        }
    }

    static func withPet(
        _ request: TestServer.Request, _ state: PetStoreState, _ body: (PetRecord) -> TestServer.Response
    ) -> TestServer.Response {
        guard let id = request.pathParameters["id"].flatMap(Int64.init), let pet = state.pet(id) else {
            return error(404, "NOT_FOUND", "no pet \(request.pathParameters["id"] ?? "")")
        }
        return body(pet)
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> TestServer.Response {
        .json(encode(["code": code, "message": message]), status: status)
    }

    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func encode(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
