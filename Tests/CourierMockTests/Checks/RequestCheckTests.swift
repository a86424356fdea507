#if MockServer
@testable import CourierMock
import Foundation
import Testing

/// Requests that do not fit the spec, sent by hand: an RFC 9457 problem document, `400` for
/// parameters, header fields and bodies that are missing or not JSON, `422` for a body that does
/// not fit its model, each offending field named.
@Suite struct RequestCheckTests {
    @Test func parametersOfTheWrongTypeAreA400NamingEach() async throws {
        let mock = try await MockHarness.start()
        let query = try await mock.raw("GET", "/v1/pets?limit=ten&status=lost&tags=a&tags=b&sort=name&sort=age")
        #expect(query.status == 400)
        #expect(query.headers["content-type"] == "application/problem+json")
        #expect(query.errorFields == ["query:limit", "query:status", "query:sort"])
        #expect(query.errorDetails == [
            #"expected Int (a whole number), found "ten""#,
            #""lost" is not a case of PetStatus (available, pending, sold)"#,
            "given 2 times; 'sort' takes one value (String)",
        ])
        let problem = try #require(query.json)
        #expect(problem["type"] as? String == "about:blank")
        #expect(problem["title"] as? String == "Bad Request")
        #expect(problem["status"] as? Int == 400)
        #expect(problem["detail"] as? String == "3 problems with the request to listPets (GET /pets)")
        #expect(problem["instance"] as? String == "/v1/pets")
        #expect(problem["endpoint"] as? String == "listPets")

        let path = try await mock.raw("GET", "/v1/pets/rex")
        #expect(path.status == 400 && path.errorFields == ["path:id"])
        let big = try await mock.raw("GET", "/v1/owners/99999999999999999999/profile")
        #expect(big.status == 400 && big.errorFields == ["path:ownerID"])
        try await mock.stop()
    }

    @Test func aJSONBodyThatDoesNotFitItsModelIsA422NamingEachField() async throws {
        let mock = try await MockHarness.start()
        let body = Data(#"{"tag": 5, "status": "availble", "birthday": "2024-13-01"}"#.utf8)
        let answer = try await mock.raw("POST", "/v1/pets", headers: ["Content-Type": "application/json"], body: body)
        #expect(answer.status == 422)
        #expect(answer.json?["title"] as? String == "Unprocessable Content")
        #expect(answer.errorFields == ["body:name", "body:tag", "body:status", "body:birthday"])
        let errors = try #require(answer.json?["errors"] as? [[String: Any]])
        #expect(errors.map { $0["pointer"] as? String } == ["/name", "/tag", "/status", "/birthday"])
        #expect(answer.errorDetails[0] == "missing key 'name' of NewPet")
        #expect(answer.errorDetails[2] == #""availble" is not a case of PetStatus (available, pending, sold); did you mean 'available'?"#)

        let notJSON = try await mock.raw("POST", "/v1/pets", headers: ["Content-Type": "application/json"], body: Data("{name: Rex}".utf8))
        #expect(notJSON.status == 400 && notJSON.errorFields == ["body:"])
        #expect(notJSON.errorDetails.first?.hasPrefix("the body is not JSON") == true)
        let none = try await mock.raw("POST", "/v1/pets", headers: ["Content-Type": "application/json"])
        #expect(none.status == 400 && none.errorDetails == ["the request has no body; createPet takes NewPet as JSON"])
        let form = try await mock.raw("POST", "/v1/pets", headers: ["Content-Type": "text/plain"], body: Data(#"{"name": "Rex"}"#.utf8))
        #expect(form.status == 400 && form.errorFields == ["header:Content-Type"])
        try await mock.stop()
    }

    @Test func formFieldsAreCheckedLikeParameters() async throws {
        let mock = try await MockHarness.start()
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let ok = try await mock.raw("POST", "/v1/auth/login", headers: form, body: Data("username=ann&password=p%26ss+word".utf8))
        #expect(ok.status == 200)
        let missing = try await mock.raw("POST", "/v1/auth/login", headers: form, body: Data("username=ann&otp=1&otp=2".utf8))
        #expect(missing.status == 422)
        #expect(missing.errorFields == ["body:password", "body:otp"])
        #expect(missing.errorDetails.first == "required form field 'password' (String) is missing")
        let json = try await mock.raw("POST", "/v1/auth/login", headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        #expect(json.status == 400 && json.errorFields == ["header:Content-Type"])
        try await mock.stop()
    }

    @Test func multipartPartsArePresentAndTyped() async throws {
        let mock = try await MockHarness.start()
        func multipart(_ parts: [(name: String, filename: String?, body: String)]) -> (headers: [String: String], body: Data) {
            var text = ""
            for part in parts {
                text += "--XyZ\r\nContent-Disposition: form-data; name=\"\(part.name)\""
                if let filename = part.filename { text += "; filename=\"\(filename)\"\r\nContent-Type: image/jpeg" }
                text += "\r\n\r\n\(part.body)\r\n"
            }
            text += "--XyZ--\r\n"
            return (["Content-Type": "multipart/form-data; boundary=XyZ"], Data(text.utf8))
        }
        let withoutPhoto = multipart([("caption", nil, "wet")])
        let missing = try await mock.raw("POST", "/v1/pets/7/photos", headers: withoutPhoto.headers, body: withoutPhoto.body)
        #expect(missing.status == 422 && missing.errorFields == ["body:photo"])
        #expect(missing.errorDetails == ["required part 'photo' (File) is missing"])
        let twice = multipart([("caption", nil, "a"), ("caption", nil, "b"), ("photo", "a.jpg", "JPEG")])
        #expect(try await mock.raw("POST", "/v1/pets/7/photos", headers: twice.headers, body: twice.body).errorFields == ["body:caption"])
        // Every part there: no sample, so the 501 says it passed the checks.
        let whole = multipart([("caption", nil, "wet"), ("photo", "a.jpg", "JPEG")])
        #expect(try await mock.raw("POST", "/v1/pets/7/photos", headers: whole.headers, body: whole.body).status == 501)
        let unframed = try await mock.raw("POST", "/v1/pets/7/photos", headers: whole.headers, body: Data("no parts".utf8))
        #expect(unframed.status == 400 && unframed.errorFields == ["body:"])
        let noBoundary = try await mock.raw("POST", "/v1/pets/7/photos", headers: ["Content-Type": "multipart/form-data"], body: whole.body)
        #expect(noBoundary.status == 400 && noBoundary.errorFields == ["header:Content-Type"])
        try await mock.stop()
    }

    @Test func requiredParametersHeadersAndJSONPartsOfAnotherSpec() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-shop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("shop.courier.yaml")
        try """
            courier: 1
            service: Shop
            baseURL: https://shop.example.com/api
            keys: snakeCase
            models:
              Scan: { title: String, pageCount: Int }
            endpoints:
              search:
                get: /search
                query:
                  q: String
                  page: Int = 1
                  kinds: "[String]"
                  since: Date?
                headers:
                  X-Tenant: String
                  X-Flags: "[Bool]?"
                response: Empty
              addScan:
                post: /scans
                multipart:
                  meta: Scan
                  pages: "[File]"
                  count: Int32
            """.write(to: spec, atomically: true, encoding: .utf8)
        let mock = try await MockHarness.start(specFiles: [spec.path])
        let missing = try await mock.raw("GET", "/api/search")
        #expect(missing.status == 400)
        #expect(missing.errorFields == ["query:q", "header:X-Tenant"], "a list and parameters with defaults are never required")
        #expect(missing.errorDetails == ["required query parameter 'q' (String) is missing", "required header field 'X-Tenant' (String) is missing"])
        let wrong = try await mock.raw("GET", "/search?q=x&since=yesterday", headers: ["X-Tenant": "t", "X-Flags": "true, maybe"])
        #expect(wrong.errorFields == ["query:since", "header:X-Flags"])
        let fine = try await mock.raw("GET", "/search?q=x&since=2024-05-01T12:00:00Z&kinds=a", headers: ["x-tenant": "t", "X-Flags": "true,false"])
        #expect(fine.status == 204)

        let body = "--b\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"title\": 3}\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\nmany\r\n--b--\r\n"
        let scan = try await mock.raw("POST", "/scans", headers: ["Content-Type": "multipart/form-data; boundary=\"b\""], body: Data(body.utf8))
        #expect(scan.status == 422)
        #expect(scan.errorFields == ["body:meta.title", "body:meta.page_count", "body:count"])
        try await mock.stop()
    }
}
#endif
