import Testing
@testable import CourierSpec

/// Several files loaded together share their models.
@Suite struct MultiFileTests {
    private let shared = SpecSource(file: "/specs/shared.courier.yaml", text: """
        service: Shared
        models:
          Pet: { id: Int }
        """)

    @Test func typesResolveAcrossFiles() {
        let result = SpecLoader().load(sources: [shared, SpecSource(file: "/specs/api.courier.yaml", text: """
            service: Petstore
            baseURL: https://api.example.com
            endpoints:
              pets: { get: /pets, response: [Pet] }
            """)])
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.specs.count == 2)
    }

    @Test func duplicateModelAcrossFilesIsAnErrorAtTheSecond() {
        let result = SpecLoader().load(sources: [shared, SpecSource(file: "/specs/more.courier.yaml", text: """
            service: More
            models:
              Owner: {}
              Pet: { name: String }
            """)])
        #expect(result.diagnostics.map(\.description) == [
            "/specs/more.courier.yaml:4:3: error: duplicate model 'Pet' (first declared at /specs/shared.courier.yaml:3:3)",
            "/specs/shared.courier.yaml:3:3: note: 'Pet' is first declared here",
        ])
    }

    @Test func duplicateEndpointAcrossFilesOfOneService() {
        let endpoint = """
            service: Petstore
            baseURL: https://api.example.com
            endpoints:
              pets: { get: /pets }
            """
        let result = SpecLoader().load(sources: [
            SpecSource(file: "/specs/a.courier.yaml", text: endpoint),
            SpecSource(file: "/specs/b.courier.yaml", text: endpoint),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "/specs/b.courier.yaml:1:10: error: service 'Petstore' is also the service of /specs/a.courier.yaml (line 1): "
                + "each spec file generates its own namespace and client, so give each file a service of its own "
                + "(a file of shared models too)",
            "/specs/b.courier.yaml:4:3: error: duplicate endpoint 'pets' in service 'Petstore' "
                + "(first declared at /specs/a.courier.yaml:4:3)",
        ])
    }

    /// Each file generates `enum <Service>` and `<Service>Client`: two files of one service (or of
    /// names that become one Swift type) declared both twice, which did not compile.
    @Test func twoFilesOfOneServiceAreAnErrorAtTheSecond() {
        let result = SpecLoader().load(sources: [
            SpecSource(file: "/specs/zoo.courier.yaml", text: "service: Zoo\nmodels:\n  Animal: { name: String }\n"),
            SpecSource(file: "/specs/keepers.courier.yaml", text: "service: Zoo\nmodels:\n  Keeper: { name: String }\n"),
            SpecSource(file: "/specs/snake.courier.yaml", text: "service: my_zoo\n"),
            SpecSource(file: "/specs/camel.courier.yaml", text: "service: MyZoo\n"),
        ])
        // Sorted by file.
        #expect(result.diagnostics.map(\.description) == [
            "/specs/camel.courier.yaml:1:10: error: service 'MyZoo' is also the service of /specs/snake.courier.yaml (line 1): "
                + "each spec file generates its own namespace and client, so give each file a service of its own "
                + "(a file of shared models too)",
            "/specs/keepers.courier.yaml:1:10: error: service 'Zoo' is also the service of /specs/zoo.courier.yaml (line 1): "
                + "each spec file generates its own namespace and client, so give each file a service of its own "
                + "(a file of shared models too)",
        ])
    }

    /// `service: Zoo` generates `enum Zoo` and `struct ZooClient`, so a file of `service: ZooClient`
    /// beside it declared `ZooClient` twice, in whichever order the files come.
    @Test func aServiceNamedLikeAnotherServicesClientIsAnError() {
        let result = SpecLoader().load(sources: [
            SpecSource(file: "/specs/a.courier.yaml", text: "service: Zoo\n"),
            SpecSource(file: "/specs/b.courier.yaml", text: "service: ZooClient\n"),
            SpecSource(file: "/specs/c.courier.yaml", text: "service: ShopClient\n"),
            SpecSource(file: "/specs/d.courier.yaml", text: "service: shop\n"),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "/specs/b.courier.yaml:1:10: error: service 'ZooClient' is also the name of the client of service 'Zoo' "
                + "(/specs/a.courier.yaml, line 1): each spec file generates a namespace named like its service and a "
                + "client named like it with 'Client' added, so give one of them another service",
            "/specs/d.courier.yaml:1:10: error: the client of service 'shop', 'ShopClient', is also the service of "
                + "/specs/c.courier.yaml (line 1): each spec file generates a namespace named like its service and a "
                + "client named like it with 'Client' added, so give one of them another service",
        ])
    }

    @Test func brokenFileDoesNotStopTheOthers() {
        let result = SpecLoader().load(sources: [
            SpecSource(file: "/specs/a.courier.yaml", text: "service: [unclosed"),
            SpecSource(file: "/specs/b.courier.yaml", text: "service: B\nmodels:\n  P: { x: Strin }"),
        ])
        #expect(result.specs.map(\.service.value) == ["B"])
        #expect(result.diagnostics.map(\.description) == [
            "/specs/a.courier.yaml:1:10: error: YAML syntax error: did not find expected ',' or ']'",
            "/specs/a.courier.yaml:2:1: note: the problem was found here",
            "/specs/b.courier.yaml:3:11: error: unknown type 'Strin' in field 'x' of model 'P'; did you mean 'String'?",
        ])
    }

    @Test func unreadableFile() {
        let result = SpecLoader().load(files: ["/nonexistent/missing.courier.yaml"])
        #expect(result.diagnostics.map(\.description) == [
            "/nonexistent/missing.courier.yaml:1:1: error: cannot read the spec file",
        ])
    }
}
