import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import CourierSpec

/// `samples:` (and `sample:`) as written: statuses, files, headers and their mistakes. Whether a
/// body fits its model is the generator's check (`SampleFitTests`).
@Suite struct SampleDeclarationCheckTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    /// A directory holding `names` as files, removed by the caller.
    private func directory(with names: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.path + "/courier-sample-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/samples", withIntermediateDirectories: true)
        for name in names {
            #expect(FileManager.default.createFile(atPath: directory + "/samples/" + name, contents: Data("{}".utf8)))
        }
        return directory
    }

    @Test func shortAndLongFormsParseInFileOrderAfterSample() throws {
        let directory = try directory(with: ["pet.json", "missing.json", "down.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = load(Self.header + """
            endpoints:
              getPet:
                get: /pets/1
                sample: samples/pet.json
                samples:
                  404: samples/missing.json
                  503:
                    file: samples/down.json
                    headers: { Retry-After: "120", Content-Type: application/problem+json }
                  204: { headers: { X-Empty: "yes" } }
            """, file: directory + "/a.courier.yaml")
        #expect(result.diagnostics.map(\.brief) == [])
        let endpoint = try #require(result.specs.first?.endpoints.first)
        let samples = endpoint.allSamples
        #expect(samples.map(\.status.value) == ["200", "404", "503", "204"])
        #expect(samples.map(\.code) == [200, 404, 503, 204])
        #expect(samples.map(\.isShorthand) == [true, false, false, false])
        #expect(samples.map { $0.file?.value } == ["samples/pet.json", "samples/missing.json", "samples/down.json", nil])
        #expect(samples[2].headers.map(\.value) == [
            NamedValue(name: "Retry-After", value: "120"), NamedValue(name: "Content-Type", value: "application/problem+json"),
        ])
        #expect(samples[1].status.location.line == 8 && samples[1].status.location.column == 7)
        #expect(samples[1].location.line == 8 && samples[1].location.column == 12, "a body's problems point at its file")
        #expect(samples[3].location.column == 7, "without a file, at the status")
    }

    @Test func unknownStatusesAndTheLongFormWithoutAStatus() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                samples:
                  OK: samples/pets.json
                  101: samples/pets.json
                  2000: samples/pets.json
                  file: samples/pets.json
            """).filter { !$0.contains("does not exist") } == [
            "7:7: error: unknown status 'OK' in `samples` of endpoint 'pets': use a status code from 200 to 599, such as 200 or 404",
            "8:7: error: unknown status '101' in `samples` of endpoint 'pets': a 1xx status is not a final answer; "
                + "use a status code from 200 to 599, such as 200 or 404",
            "9:7: error: unknown status '2000' in `samples` of endpoint 'pets': use a status code from 200 to 599, "
                + "such as 200 or 404",
            "10:7: error: unknown status 'file' in `samples` of endpoint 'pets': use a status code from 200 to 599, "
                + "such as 200 or 404 (`samples:` maps statuses to samples: `samples: { 200: { file: …, headers: … } }`)",
        ])
    }

    @Test func sampleAndSamples200Clash() throws {
        let directory = try directory(with: ["pets.json", "other.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                sample: samples/pets.json
                samples:
                  200: samples/other.json
            """, file: directory + "/a.courier.yaml") == [
            "8:7: error: endpoint 'pets' has two samples for status 200: `sample:` (line 6) is the 200 sample; keep one of them",
        ])
    }

    @Test func misspeltKeysAreNamedWithTheClosestOne() throws {
        let directory = try directory(with: ["down.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                sampels: { 200: samples/down.json }
                samples:
                  503: { fiel: samples/down.json, headers: { Retry-After: "1" } }
            """, file: directory + "/a.courier.yaml") == [
            "6:5: warning: unknown key 'sampels' in endpoint 'pets'; did you mean 'samples'?",
            "8:14: warning: unknown key 'fiel' in sample 503 in `samples` of endpoint 'pets'; did you mean 'file'?",
        ])
    }

    @Test func missingFilesNameTheStatusAndWhereTheyWereLookedFor() {
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                samples:
                  404: samples/missing.json
                  503: { file: samples/down.json }
            """) == [
            "7:12: error: sample file 'samples/missing.json' for status 404 of endpoint 'pets' does not exist "
                + "(looked for /nonexistent/specs/samples/missing.json)",
            "8:20: error: sample file 'samples/down.json' for status 503 of endpoint 'pets' does not exist "
                + "(looked for /nonexistent/specs/samples/down.json)",
        ])
    }

    @Test func malformedEntriesAndHeaders() throws {
        let directory = try directory(with: ["down.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(diagnostics(Self.header + """
            endpoints:
              pets:
                get: /pets
                samples:
                  404:
                  500: [samples/down.json]
                  503:
                    file: samples/down.json
                    headers: { "Retry After": "1", Content-Length: "2" }
              more:
                get: /more
                samples: [samples/down.json]
            """, file: directory + "/a.courier.yaml") == [
            "7:11: error: sample 404 in `samples` of endpoint 'pets' needs a file (`404: samples/x.json`), or "
                + "`{ headers: { … } }` for an answer without a body",
            "8:12: error: sample 500 in `samples` of endpoint 'pets' must be a file (`500: samples/x.json`) or "
                + "`{ file: …, headers: { … } }`, found a list",
            "11:20: error: sample header name 'Retry After' is not an HTTP field name: U+0020 is not allowed "
                + "(only letters, digits and !#$%&'*+-.^_`|~)",
            "11:40: error: sample header 'Content-Length' (status 503) of endpoint 'pets' is set from the sample's file; "
                + "remove it",
            "14:14: error: `samples` of endpoint 'more' must be a mapping, found a list",
        ])
    }
}
