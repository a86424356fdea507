import Testing
@testable import CourierSpec

@Suite struct ServiceCheckTests {
    @Test func invalidBaseAndEnvironmentURLs() {
        #expect(diagnostics("""
            service: A
            baseURL: petstore.example.com
            environments:
              staging: ftp://staging.example.com
              local: http://:8080/v1
              dev: http://localhost:80x0
              ok: http://[::1]:8080/v1
            """) == [
            "2:10: error: invalid baseURL 'petstore.example.com': it needs a scheme and a host, such as https://api.example.com",
            "4:12: error: invalid URL of environment 'staging' 'ftp://staging.example.com': the scheme must be http or https, found 'ftp'",
            "5:10: error: invalid URL of environment 'local' 'http://:8080/v1': it has no host",
            "6:8: error: invalid URL of environment 'dev' 'http://localhost:80x0': the port '80x0' is not a number",
        ])
    }

    @Test func baseURLPartsNoRequestIsSentWith() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com/v1?api_key=abc
            environments:
              staging: https://me:pw@staging.example.com
              dev: http://localhost:8080/v1#top
            """) == [
            "2:10: error: invalid baseURL 'https://api.example.com/v1?api_key=abc': it has a query, which no request is sent with: "
                + "put query parameters in the endpoints, an API key in an auth scheme",
            "4:12: error: invalid URL of environment 'staging' 'https://me:pw@staging.example.com': it has a user and password, "
                + "which no request is sent with: use an auth scheme",
            "5:8: error: invalid URL of environment 'dev' 'http://localhost:8080/v1#top': it has a fragment, which no request is sent with",
        ])
    }

    @Test func unknownSettingValues() {
        #expect(diagnostics("""
            service: A
            dates: ISO8601
            keys: snake_case
            """) == [
            "2:8: error: unknown date format 'ISO8601' for `dates` (use iso8601, date, secondsSince1970, millisecondsSince1970); "
                + "did you mean 'iso8601'?",
            "3:7: error: unknown key strategy 'snake_case' for `keys` (use useDefaultKeys, snakeCase); did you mean 'snakeCase'?",
        ])
    }

    @Test func errorEnvelopeChecks() {
        #expect(diagnostics("""
            service: A
            errors:
              model: ApiError
              events: { MAINTENANCE: maintenance-mode, OK: fine }
            models:
              APIError: { code: String }
            """) == [
            "3:10: error: `errors.model` 'ApiError' is not a declared model; did you mean 'APIError'?",
            "3:10: error: `errors.events` match envelope codes, so `errors` needs `codeField:`, the field of 'ApiError' holding the code",
            "4:26: error: event name 'maintenance-mode' for code 'MAINTENANCE' must be a Swift identifier, "
                + "such as maintenanceMode",
        ])
    }

    @Test func errorCodeFieldMustExist() {
        #expect(diagnostics("""
            service: A
            errors: { model: APIError, codeField: kode }
            models:
              APIError: { code: String }
            """) == ["2:39: error: `errors.codeField` 'kode' is not a field of 'APIError'; did you mean 'code'?"])
    }

    @Test func badNames() {
        #expect(diagnostics("""
            service: Pet Store
            baseURL: https://api.example.com
            models:
              2Pet: {}
              String: {}
              Pet:
                "": Int
                "--": Int
                9lives: Int
            endpoints:
              "get-pet!": { get: /pets }
            """) == [
            "1:10: error: service name 'Pet Store' must be a Swift type name (letters, digits and _, not starting with a digit)",
            "4:3: error: model name '2Pet' must be a Swift type name (letters, digits and _, not starting with a digit)",
            "5:3: error: model name 'String' is already a built-in type",
            "7:5: error: field '' cannot become a Swift name: it needs letters, and must not start with a digit",
            "8:5: error: field '--' cannot become a Swift name: it needs letters, and must not start with a digit",
            "9:5: error: field '9lives' cannot become a Swift name: it needs letters, and must not start with a digit",
        ])
    }

    @Test func enumCaseNamesMustBeDistinct() {
        #expect(diagnostics("""
            service: A
            models:
              Stock: { enum: [in-stock, in_stock, "-"] }
            """) == [
            "3:29: error: values 'in-stock' (line 3) and 'in_stock' of model 'Stock' both become the case 'inStock'; "
                + "name one: { value: 'in_stock', name: … }",
            "3:39: error: value '-' of model 'Stock' has no letters or digits to name its case; name it: { value: '-', name: … }",
        ])
    }

    /// `baseURL:` is the generated `Environment`'s `production`: an environment of that name
    /// made a second case with the same raw value, which did not compile.
    @Test func anEnvironmentNamedProductionIsAnError() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com
            environments:
              staging: https://staging.example.com
              production: https://prod.example.com
            """) == [
            "5:3: error: environment 'production' clashes with `baseURL:`, which is the generated "
                + "`Environment.production`; set `baseURL:` to this URL or give the environment another name",
        ])
    }

    /// A namespace named like a type the generated code uses hides that type in every file.
    @Test(arguments: ["Transport", "Error", "Response", "Pages", "Request", "Client", "String", "URL", "Int", "Optional"])
    func aServiceNamedLikeATypeTheGeneratedCodeUsesIsAnError(name: String) {
        #expect(diagnostics("service: \(name)\nbaseURL: https://api.example.com\n") == [
            "1:10: error: service name '\(name)' is a type the generated code uses (Swift's, Foundation's or Courier's), "
                + "which the namespace would hide; choose another, such as '\(name)API'",
        ])
    }

    /// The namespace is the service name as a Swift type (`client` → `Client`, `_Transport` →
    /// `Transport`), so that spelling is what must not hide a type.
    @Test(arguments: [("client", "Client"), ("string", "String"), ("request", "Request"), ("_Transport", "Transport"),
                      ("service_error", "ServiceError"), ("json_value", nil), ("named_Wares", "NamedWares")])
    func aServiceSpelledLikeATypeTheGeneratedCodeUsesIsAnError(name: String, spelled: String?) {
        #expect(diagnostics("service: \(name)\nbaseURL: https://api.example.com\n") == (spelled.map { spelled in [
            "1:10: error: service name '\(name)' is spelled '\(spelled)' in Swift, a type the generated code uses (Swift's, "
                + "Foundation's or Courier's), which the namespace would hide; choose another, such as '\(spelled)API'",
        ] } ?? []))
    }
}
