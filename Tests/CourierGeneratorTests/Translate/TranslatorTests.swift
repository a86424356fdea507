@testable import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// Snippet tests: a small spec in, the generated Swift fragment out.
@Suite struct TranslatorTests {
    private func render(_ specs: [Spec]) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        try Rendering.render(specs)
    }

    @Test func keywordFieldsAreBacktickedAndRenamedKeysGetCodingKeys() throws {
        let spec = Build.spec(models: [
            Build.object("Thing", [Build.field("default", "Int"), Build.field("class_name", "String"), Build.field("2fa", "Bool?")]),
        ])
        let models = try #require(try render([spec]).files["petstore.Models.swift"])
        #expect(models.contains("public var `default`: Int"))
        #expect(models.contains("public var className: String"))
        #expect(models.contains("public var _2fa: Optional<Bool>"))
        #expect(models.contains("public init(`default`: Int, className: String, _2fa: Bool? = nil)"))
        #expect(models.contains("""
                    private enum CodingKeys: String, CodingKey {
                        case `default`
                        case className = "class_name"
                        case _2fa = "2fa"
                    }
            """))
        #expect(!models.contains("init(from decoder"), "no custom decoding without defaults or formats")
    }

    @Test func handWrittenCodingKeysContainersWithWireNamesInsteadOfCodingKeys() throws {
        let spec = Build.spec(models: [
            Build.object("Thing", [Build.field("class_name", "String"), Build.field("count", "Int", default: Build.scalar("2"))]),
        ])
        let models = try #require(try render([spec]).files["petstore.Models.swift"])
        #expect(!models.contains("CodingKeys"), "hand-written coding needs no CodingKeys enum")
        for line in [
            "let container = try decoder.container(keyedBy: WireKey.self)",
            #"self.className = try container.readString("class_name")"#,
            #"self.count = try container.readIntIfPresent("count") ?? 2"#,
            "/// Encodes the value.",
            "var container = encoder.container(keyedBy: WireKey.self)",
            #"try container.writeString(self.className, "class_name")"#,
            #"try container.writeInt(self.count, "count")"#,
        ] {
            #expect(models.contains(line), "missing \(line)")
        }
    }

    @Test func equalityComparesEveryFieldByName() throws {
        let spec = Build.spec(models: [
            Build.object("Thing", [Build.field("lhs", "Int"), Build.field("tags", "[String]?"), Build.field("fieldsEqual", "Bool")]),
            Build.object("Nothing", []),
        ])
        let models = try #require(try render([spec]).files["petstore.Models.swift"])
        #expect(models.contains("public struct Thing: Codable, Sendable, FieldwiseEquatable {"))
        #expect(models.contains("""
                    public static func fieldsEqual(_ lhs: Thing, _ rhs: Thing) -> Bool {
                        guard Self.fieldEqual(lhs.lhs, rhs.lhs) else { return false }
                        guard Self.fieldEqual(lhs.tags, rhs.tags) else { return false }
                        guard Self.fieldEqual(lhs.fieldsEqual2, rhs.fieldsEqual2) else { return false }
                        return true
                    }
            """))
        #expect(models.contains("""
                    public static func fieldsEqual(_ lhs: Nothing, _ rhs: Nothing) -> Bool {
                        return true
                    }
            """))
        #expect(!models.contains("static func =="), "an == in generated files would make every comparison depend on them")
    }

    @Test func modelsWithoutRenamedKeysOrDefaultsRelyOnSynthesizedCodable() throws {
        let spec = Build.spec(models: [Build.object("Plain", [Build.field("name", "String")])])
        let models = try #require(try render([spec]).files["petstore.Models.swift"])
        #expect(!models.contains("CodingKeys"))
        #expect(!models.contains("encode(to"))
    }

    @Test func enumCasesAreUniqueAndNeverClashWithUnknown() throws {
        let spec = Build.spec(models: [
            Build.enumeration("Mood", [("in-stock", nil), ("in_stock", nil), ("unknown", nil), ("default", nil), ("3", nil)]),
        ])
        let models = try #require(try render([spec]).files["petstore.Models.swift"])
        for line in ["case inStock", "case inStock2", "case unknown2", "case `default`", "case value3", "case unknown(String)",
                     #"case "in_stock": self = .inStock2"#, "public static let allCases: [Mood] = [.inStock, .inStock2, .unknown2, .`default`, .value3]"] {
            #expect(models.contains(line), "missing \(line)")
        }
    }

    @Test func modelsOfOtherSpecsAreQualifiedWithTheirNamespace() throws {
        let people = Build.spec(service: "People", file: "specs/people.courier.yaml", models: [Build.object("Owner", [Build.field("id", "Int")])])
        let pets = Build.spec(
            models: [Build.object("Pet", [Build.field("owner", "Owner?")])],
            endpoints: [Build.endpoint("owners", "GET", "/owners", response: "[Owner]")])
        let (files, diagnostics) = try render([people, pets])
        #expect(diagnostics.isEmpty)
        #expect(files["petstore.Models.swift"]?.contains("public var owner: Optional<People.Owner>") == true)
        #expect(files["petstore.Endpoints.swift"]?.contains("-> Request<[People.Owner]>") == true)
        #expect(files["petstore.Client.swift"]?.contains("async throws -> [People.Owner]") == true)
        // Two small specs: five files each (one models file, which is also the joined text).
        #expect(files.count == 2 * 5)
    }

    @Test func parametersArePathThenBodyThenRequiredThenDefaulted() throws {
        let spec = Build.spec(
            models: [Build.object("Note", [Build.field("text", "String")])],
            endpoints: [Build.endpoint(
                "addNote", "POST", "/pets/{id}/notes", pathParameters: [Build.parameter("id", "Int")],
                query: [Build.parameter("dry_run", "Bool", default: Build.scalar("false")), Build.parameter("page-size", "Int", key: "page_size")],
                headers: [Build.parameter("X-Trace", "String?"), Build.parameter("request", "String")],
                body: .json(Build.located(.named("Note"))), response: "Note")])
        let endpoints = try #require(try render([spec]).files["petstore.Endpoints.swift"])
        // Past 120 columns, one parameter per line.
        #expect(endpoints.contains("""
                public static func addNote(
                    id: Int,
                    body: Note,
                    pageSize: Int,
                    request2: String,
                    dryRun: Bool = false,
                    xTrace: String? = nil
                ) -> Request<Note> {
            """))
        #expect(endpoints.contains(#"request.addQuery("page_size", pageSize)"#))
        #expect(endpoints.contains(#"request.addHeader("request", request2)"#))
    }

    @Test func authFollowsTheServiceUnlessOverridden() throws {
        let endpoints = [
            Build.endpoint("a", "GET", "/a"), Build.endpoint("b", "GET", "/b", auth: "bearer"),
            Build.endpoint("c", "GET", "/c", auth: "apiKey"), Build.endpoint("d", "GET", "/d", auth: "none"),
        ]
        let apiKey = AuthSchemeDeclaration(
            name: Build.located("apiKey"), type: Build.located(.apiKey), placement: Build.located(.query), keyName: Build.located("key"))
        var openSpec = Build.spec(endpoints: endpoints, auth: "none")
        openSpec.authSchemes = [apiKey]
        let openFiles = try render([openSpec]).files
        let open = try #require(openFiles["petstore.Endpoints.swift"])
        #expect(open.components(separatedBy: "request.authentication = .none").count == 3, "a and d are .none")
        #expect(open.contains("request.authentication = .scheme(Petstore.AuthSchemes.apiKey)"), "a typed scheme, never a string")
        #expect(open.contains("request.authentication = .scheme(Petstore.AuthSchemes.bearer)"), "the implicit bearer scheme")
        let service = try #require(openFiles["petstore.Service.swift"])
        #expect(service.contains(#"public static let apiKey: AuthSchemeName = "apiKey""#))
        #expect(service.contains(#"AuthScheme(name: apiKey, kind: .apiKeyQuery("key"))"#))
        #expect(service.contains("AuthScheme(name: bearer, kind: .bearer)"))
        #expect(!service.contains("defaultAuthScheme:"), "`auth: none` has no default scheme")
        var bearerSpec = Build.spec(endpoints: endpoints, auth: "bearer")
        bearerSpec.authSchemes = [apiKey]
        let bearerFiles = try render([bearerSpec]).files
        let bearer = try #require(bearerFiles["petstore.Endpoints.swift"])
        #expect(bearerFiles["petstore.Service.swift"]?.contains("service.defaultAuthScheme = AuthSchemes.bearer") == true)
        #expect(bearer.components(separatedBy: "request.authentication").count == 3, "only c and d set it")
        #expect(bearer.contains(#"Request<Void>(method: .get, path: "/a", name: "a")"#))
    }

    @Test func samplesThatCannotBeReadAreDiagnosedAtTheSampleLine() throws {
        var endpoint = Build.endpoint("list", "GET", "/list", response: "String")
        endpoint.sample = Located("missing.json", at: Build.at(7, 13))
        let (_, diagnostics) = try render([Build.spec(endpoints: [endpoint])])
        #expect(diagnostics.map(\.description) == ["specs/petstore.courier.yaml:7:13: error: cannot read sample 'missing.json': no such file"])
    }

    /// Unvalidated input (words outside the vocabulary, such as an unknown method or cache
    /// policy, cannot even be built: the spec model holds them as enums).
    @Test func invalidInputIsReportedNeverTrapped() throws {
        let spec = Build.spec(
            models: [Build.object("Bad", [Build.field("x", "Nope"), Build.field("when", "String", format: .date)])],
            endpoints: [
                Build.endpoint("q", "GET", "/q", query: [Build.parameter("blob", "Data")]),
                Build.endpoint("r", "GET", "/r", response: "Missing"),
            ])
        var broken = spec
        broken.baseURL = Build.located("not a url")
        let (_, diagnostics) = try render([broken])
        let messages = diagnostics.map(\.message)
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        for fragment in ["unknown type 'Nope'", "cannot be sent in a path, query", "unknown response type 'Missing'",
                         "a date format applies only to Date fields", "is not an absolute URL"] {
            #expect(messages.contains { $0.contains(fragment) }, "no diagnostic containing \(fragment)")
        }
    }

    @Test func modelNamesThatShadowGeneratedCodeAreRenamedWithAWarning() throws {
        let spec = Build.spec(models: [Build.object("Request", [Build.field("id", "Int")])],
                              endpoints: [Build.endpoint("r", "GET", "/r", response: "Request")])
        let (files, diagnostics) = try render([spec])
        #expect(files["petstore.Models.swift"]?.contains("public struct RequestModel:") == true)
        #expect(files["petstore.Endpoints.swift"]?.contains("-> Request<RequestModel>") == true)
        #expect(diagnostics.map(\.severity) == [.warning])
    }

    @Test func deprecationUsesAvailabilityWhereItCannotMakeGeneratedCodeWarn() throws {
        let spec = Build.spec(
            models: [
                Build.object("Old", deprecated: Deprecation(message: "Use New."), [Build.field("id", "Int")]),
                Build.object("Used", deprecated: Deprecation(), [Build.field("id", "Int")]),
                Build.object("Holder", [Build.field("used", "Used")]),
            ],
            endpoints: [Build.endpoint("gone", "GET", "/gone", deprecated: Deprecation(message: "Use other."))])
        let files = try render([spec]).files
        let models = try #require(files["petstore.Models.swift"])
        // Hand-built specs are all at line 1; the remark comes before the attribute.
        #expect(models.contains("    /// - Remark: petstore.courier.yaml:1\n    @available(*, deprecated, message: \"Use New.\")\n    public struct Old:"))
        #expect(models.contains("    /// - Important: Deprecated.\n    ///\n    /// - Remark: petstore.courier.yaml:1\n    public struct Used:"))
        #expect(files["petstore.Endpoints.swift"]?.contains("@available(*, deprecated, message: \"Use other.\")\n    @inline(never)\n    public static func gone()") == true)
        #expect(files["petstore.Client.swift"]?.contains("@available(*, deprecated, message: \"Use other.\")\n    public func gone()") == true)
    }
}
