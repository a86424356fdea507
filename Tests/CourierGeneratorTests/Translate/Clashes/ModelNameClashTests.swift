@testable import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// Models named like types the generated code names (`Void`, the runtime's, the namespace's own)
/// are renamed with a warning, and derived type names (`<Endpoint>Event`, `…Headers`, `…Media`)
/// step around model names: the code compiles and means what it says.
@Suite struct ModelNameClashTests {
    /// A repository spec with `models` added at the top of its `models:`.
    static func spec(_ path: String, adding models: [String]) throws -> (yaml: String, file: String) {
        let file = Rendering.packageRoot + "/" + path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let added = models.map { "  \($0): { note: String? }\n" }.joined()
        let yaml = text.replacingOccurrences(of: "\nmodels:\n", with: "\nmodels:\n" + added)
        #expect(yaml != text)
        return (yaml, file)
    }

    @Test func modelsNamedLikeTheGeneratedCodesTypesAreRenamed() async throws {
        let names = [
            "Void", "Event", "ServiceError", "AuthSchemes", "AuthScheme", "HTTPBody", "MultipartForm", "TokenRefresh",
            "TokenGrant", "Redaction", "UploadFile", "UnionAttempts", "Model", "ErrorMapping",
        ]
        let (yaml, file) = try Self.spec("Sources/PetstoreAPI/petstore.courier.yaml", adding: names)
        let (files, diagnostics) = try await Typecheck.yaml(yaml, file: file)
        for name in names {
            #expect(
                diagnostics.contains { $0.message == "model '\(name)' is generated as '\(name)Model' to avoid a clash with another name" },
                "no warning for \(name): \(diagnostics)")
        }
        let models = files.filter { $0.key.contains("Models") }.values.joined()
        #expect(models.contains("public struct VoidModel: Codable"))
        #expect(!models.contains("public struct Void:"), "Request<Void> would decode JSON into the model")
        let endpoints = files.filter { $0.key.contains("Endpoints") }.values.joined()
        #expect(endpoints.contains("public static func deletePet(id: Int64) -> Request<Void> {"))
    }

    /// `Event` is the namespace's own type only in a spec with `errors:`; elsewhere a model keeps it.
    @Test func eventIsReservedOnlyWithAnErrorEnvelope() async throws {
        let (files, diagnostics) = try await Typecheck.yaml("""
            service: Zoo
            baseURL: https://zoo.example.com
            models:
              Event: { name: String }
            endpoints:
              listEvents: { get: /events, response: "[Event]" }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(files["snippet.Models.swift"]?.contains("public struct Event: Codable") == true)
    }

    @Test func derivedTypeNamesAvoidModelNames() async throws {
        let chat = try Self.spec("Sources/PetstoreAPI/chat.courier.yaml", adding: ["RoomEventsEvent"])
        let (chatFiles, _) = try await Typecheck.yaml(chat.yaml, file: chat.file)
        let chatClient = chatFiles.filter { $0.key.contains("Client") }.values.joined()
        #expect(chatClient.contains("ServerSentEventStream<Chat.RoomEventsEvent2>"))

        let hub = try Self.spec("Sources/RealAPI/hub.courier.yaml", adding: ["ListIssuesHeaders", "GetContentMedia"])
        let (hubFiles, _) = try await Typecheck.yaml(hub.yaml, file: hub.file)
        let hubEndpoints = hubFiles.filter { $0.key.contains("Endpoints") }.values.joined()
        #expect(hubEndpoints.contains("public struct ListIssuesHeaders2: Sendable, Hashable"))
        #expect(hubEndpoints.contains("public struct GetContentMedia2<Value: Sendable>: Sendable"))
    }

    /// `FormattedDate`, which date parameters are wrapped in, is reserved; `Body` and `Value` stay
    /// free: the error envelope's `ServiceError.Body` spells a model named `Body` qualified, and a
    /// media endpoint's generic parameter steps around a model named `Value`.
    @Test func modelsNamedLikeNestedNamesKeepTheirNamesAndCompile() async throws {
        let (files, diagnostics) = try await Typecheck.yaml("""
            service: Nm
            baseURL: https://api.example.com
            dates: secondsSince1970
            models:
              FormattedDate: { a: Int }
              Body: { code: String, message: String }
              Value: { enum: [a, b] }
            errors: { model: Body, codeField: code, statuses: { 422: Body }, events: { X1: maintenance } }
            endpoints:
              since:
                get: /since
                query: { at: Date, on: { type: "Date?", format: date } }
                response: FormattedDate
              getContent:
                get: /c
                query: { v: Value? }
                media:
                  json: { accept: application/json, response: Value }
                  raw: { accept: application/octet-stream, response: Data }
            """)
        #expect(diagnostics.map(\.message) == [
            "model 'FormattedDate' is generated as 'FormattedDateModel' to avoid a clash with another name",
        ])
        let text = files.values.joined()
        for line in [
            "public struct FormattedDateModel: Codable", "public struct Body: Codable", "case body(Nm.Body)", "case status422(Nm.Body)",
            "public static func getContent<Value2: Sendable>(", "media: GetContentMedia<Value2>,", "v: Value? = nil",
            ") -> Request<Value2> {",
            "public struct GetContentMedia<Value: Sendable>: Sendable {",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
    }

    /// The reserved names come from the templates' code, not from their tags, strings or comments,
    /// and not from the facade's file-scope code (`Response`, `Pages`).
    @Test func reservedNamesAreReadFromTheTemplatesCode() {
        let found = ReservedTypeNames.referenced(inTemplate: """
            /// Documentation names Widget.
            public func {{name}}Items(x: Gadget<{{type}}>) -> {{#a}}Equatable{{/a}} { "Doohickey" } // Thing
            """)
        #expect(found == ["Gadget", "Equatable"])
        for name in ["MultipartForm", "UnionAttempts", "TokenGrant", "Event", "ServiceError", "Void"] {
            #expect(ReservedTypeNames.always.union(ReservedTypeNames.errorEnvelopeOnly).contains(name), "\(name)")
        }
        for name in ["Response", "Pages", "Items", "Body", "Value", "Event", "Client", "Error"] {
            #expect(!ReservedTypeNames.always.contains(name), "\(name)")
        }
    }
}

/// The service names the validator refuses cover every type name the templates' code spells and
/// every name reserved in a namespace.
@Suite struct ServiceNameListTests {
    @Test func theValidatorsListCoversTheTemplates() {
        var spelled = ReservedTypeNames.always.union(ReservedTypeNames.errorEnvelopeOnly).union(ReservedTypeNames.nestedOnly)
        for text in DefaultTemplates.texts.values { spelled.formUnion(ReservedTypeNames.referenced(inTemplate: text)) }
        spelled.subtract(["DEBUG", "COURIER_SAMPLES"])  // `#if` conditions
        #expect(spelled.subtracting(GeneratedCodeNames.serviceNamesTaken).sorted() == [])
    }
}

/// A model named like the namespace of another spec of the load is renamed: inside its own
/// namespace it hid the other one, so `Zoo.Animal` (a field's type from the other spec) failed.
@Suite struct NamespaceClashTests {
    @Test func aModelNamedLikeAnotherSpecsNamespaceIsRenamed() async throws {
        let (files, diagnostics) = try await Typecheck.sources([
            SpecSource(file: "specs/zoo.courier.yaml", text: "service: Zoo\nmodels:\n  Animal: { name: String }\n"),
            SpecSource(file: "specs/shop.courier.yaml", text: """
                service: Shop
                models:
                  Zoo: { name: String }
                  Ticket: { animal: Animal, zoo: Zoo }
                """),
        ])
        #expect(diagnostics.map(\.message) == ["model 'Zoo' is generated as 'ZooModel' to avoid a clash with another name"])
        let models = files.filter { $0.key.hasPrefix("shop.") && $0.key.contains("Models") }.values.joined()
        #expect(models.contains("public var animal: Zoo.Animal"))
        #expect(models.contains("public var zoo: ZooModel"))
    }
}
