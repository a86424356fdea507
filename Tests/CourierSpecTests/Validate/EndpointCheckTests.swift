import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import CourierSpec

@Suite struct EndpointCheckTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test func placeholderWithoutParameter() {
        #expect(diagnostics(Self.header + """
            endpoints:
              getPet:
                get: /pets/{id}/toys/{toyID}
                path: { id: Int, toyId: Int }
            """) == [
            "5:26: error: placeholder '{toyID}' in the path of endpoint 'getPet' has no parameter; declare it under "
                + "`path:`, such as `path: { toyID: Int }`; did you mean 'toyId'?",
            "6:22: error: path parameter 'toyId' of endpoint 'getPet' does not appear in the path "
                + "'/pets/{id}/toys/{toyID}'; write it as {toyId}",
        ])
    }

    @Test func placeholderInQuotedPath() {
        #expect(diagnostics(Self.header + """
            endpoints:
              getPet: { get: "/pets/{id}" }
            """) == [
            "4:25: error: placeholder '{id}' in the path of endpoint 'getPet' has no parameter; declare it under "
                + "`path:`, such as `path: { id: Int }`",
        ])
    }

    @Test func optionalPathParameter() {
        #expect(diagnostics(Self.header + """
            endpoints:
              getPet:
                get: /pets/{id}
                path:
                  id: Int?
            """) == [
            "7:11: error: path parameter 'id' of endpoint 'getPet' cannot be optional: a path always has all its parts",
        ])
    }

    @Test func malformedPaths() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: pets }
              b: { get: "/pets/{id" }
              c:
                get: /pets/{}
            """) == [
            "4:13: error: the path of endpoint 'a' must start with '/', found 'pets'",
            "5:20: error: placeholder '{id' in the path of endpoint 'b' is not closed with '}'",
            "7:16: error: empty placeholder '{}' in the path of endpoint 'c'",
        ])
    }

    @Test func placeholderInUnquotedPathInFlowMappingExplainsQuoting() {
        #expect(diagnostics(Self.header + """
            endpoints:
              getPet: { get: /pets/{id}/toys, path: { id: Int } }
            """) == [
            "4:24: error: YAML syntax error: did not find expected ',' or '}'",
            "4:11: note: while parsing a flow mapping that starts here",
            "4:18: note: YAML reads `{` inside a flow mapping `{ … }` as the start of a mapping; quote paths with "
                + "placeholders: \"/pets/{id}/toys\"",
        ])
    }

    @Test func duplicateParameterNamesAcrossGroups() {
        #expect(diagnostics(Self.header + """
            endpoints:
              getPet:
                get: /pets/{id}
                path: { id: Int }
                query:
                  id: String
                  page_size: Int?
                  pageSize: Int?
                headers:
                  X-Request-ID: String?
                  xRequestID: String?
            """) == [
            "8:7: error: query parameter 'id' of endpoint 'getPet' clashes with path parameter 'id' (line 6): "
                + "both become the argument 'id'",
            "10:7: error: query parameter 'pageSize' of endpoint 'getPet' clashes with query parameter 'page_size' "
                + "(line 9): both become the argument 'pageSize'",
            "13:7: error: header parameter 'xRequestID' of endpoint 'getPet' clashes with header parameter "
                + "'X-Request-ID' (line 12): both become the argument 'xRequestID'",
        ])
    }

    @Test func duplicateEndpointInOneFileIsADuplicateKey() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets: { get: /pets }
              pets: { get: /pets2 }
            """) == ["5:3: error: duplicate key 'pets' (first at line 4)"])
    }

    @Test func duplicateFieldIsADuplicateKey() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                id: Int
                id: String
            """) == ["5:5: error: duplicate key 'id' (first at line 4)"])
    }

    @Test func missingSampleFile() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                sample: samples/pets.json
            """) == [
            "6:13: error: sample file 'samples/pets.json' of endpoint 'pets' does not exist "
                + "(looked for /nonexistent/specs/samples/pets.json)",
        ])
    }

    @Test func existingSampleFile() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/courier-spec-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/samples", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(FileManager.default.createFile(atPath: directory + "/samples/pets.json", contents: Data("[]".utf8)))
        let source = Self.header + """
            endpoints:
              pets:
                get: /pets
                sample: samples/pets.json
            """
        #expect(diagnostics(source, file: directory + "/pets.courier.yaml") == [])
    }

    @Test func unknownCachePolicyAndBadOptions() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                cache: { policy: localThenRemte }
                raw: png
                wares: [retry, retry, "1st"]
            """) == [
            "6:22: error: unknown cache policy 'localThenRemte' for `policy` of `cache` of endpoint 'pets' (use remoteOnly, localOnly, localElseRemote, "
                + "remoteElseLocal, localThenRemote); did you mean 'localThenRemote'?",
            "7:10: error: `raw` of endpoint 'pets' needs a content type such as image/png, found 'png'",
            "7:10: warning: a GET request with a body; many servers ignore or reject it",
            "8:20: warning: ware 'retry' is listed twice in endpoint 'pets'",
            "8:27: error: ware name '1st' must be a Swift identifier: letters, digits and _, not starting with a digit "
                + "(such as signature)",
        ])
    }

    /// Each ware name is a property of the generated `NamedWares`, camel-cased: two spellings of
    /// one property would declare it twice.
    @Test func wareNamesThatBecomeOneProperty() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: /a, wares: [audit_log, Signature, retry] }
              b: { get: /b, wares: [auditLog, signature, retry] }
            """) == [
            "5:25: error: ware names 'audit_log' (line 4) and 'auditLog' both become the property 'auditLog' of the generated "
                + "NamedWares; spell them the same",
            "5:35: error: ware names 'Signature' (line 4) and 'signature' both become the property 'signature' of the generated "
                + "NamedWares; spell them the same",
        ])
    }

    @Test func sampleThatIsADirectoryOrAFIFO() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/courier-spec-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/samples/pets", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/samples/pipe", 0o600) == 0)
        let source = Self.header + """
            endpoints:
              pets:
                get: /pets
                sample: samples/pets
              pipe:
                get: /pipe
                sample: samples/pipe
            """
        #expect(diagnostics(source, file: directory + "/pets.courier.yaml") == [
            "6:13: error: sample 'samples/pets' of endpoint 'pets' is a directory (\(directory)/samples/pets); "
                + "`sample:` names a file holding the body",
            "9:13: error: sample 'samples/pipe' of endpoint 'pipe' is a FIFO (named pipe), not a regular file "
                + "(\(directory)/samples/pipe); `sample:` names a file holding the body",
        ])
    }

    @Test func headerNamesMustBeHTTPTokens() {
        #expect(diagnostics(Self.header + """
            headers: { 'X-"Inj': a, "X Space": b, X-Fine: c }
            endpoints:
              pets:
                get: /pets
                headers:
                  "X-Trace(ID)": String?
                  X-Request-ID: String?
            """) == [
            "3:12: error: header name 'X-\"Inj' is not an HTTP field name: '\"' is not allowed (only letters, digits "
                + "and !#$%&'*+-.^_`|~)",
            "3:25: error: header name 'X Space' is not an HTTP field name: U+0020 is not allowed (only letters, digits "
                + "and !#$%&'*+-.^_`|~)",
            "8:7: error: header parameter name 'X-Trace(ID)' is not an HTTP field name: '(' is not allowed (only "
                + "letters, digits and !#$%&'*+-.^_`|~)",
        ])
    }

    @Test func environmentNamesMustBeSwiftIdentifiers() {
        #expect(diagnostics(Self.header + """
            environments:
              my-staging: https://staging.example.com
              "2nd": https://second.example.com
              local_dev: http://127.0.0.1:8080
            """) == [
            "4:15: error: environment name 'my-staging' must be a Swift identifier: letters, digits and _, not starting "
                + "with a digit (such as staging)",
            "5:10: error: environment name '2nd' must be a Swift identifier: letters, digits and _, not starting with a "
                + "digit (such as staging)",
        ])
    }

    @Test func multiSegmentPlaceholders() {
        #expect(diagnostics(Self.header + """
            endpoints:
              getContent:
                get: /repos/{owner}/contents/{+path}
                path: { owner: String, path: String }
              getBlob:
                get: /blobs/{+sha}
                path: { sha: Int }
              fragment:
                get: /docs/{#section}
                path: { section: String }
            """) == [
            "9:18: error: path parameter 'sha' of endpoint 'getBlob' is written {+sha} (several segments), so it must "
                + "be a String, not 'Int'",
            "11:16: error: placeholder '{#section}' in the path of endpoint 'fragment' uses an RFC 6570 operator "
                + "Courier does not support; write {name} for one segment or {+name} for several",
            "12:13: error: path parameter 'section' of endpoint 'fragment' does not appear in the path "
                + "'/docs/{#section}'; write it as {section}",
        ])
    }
}
