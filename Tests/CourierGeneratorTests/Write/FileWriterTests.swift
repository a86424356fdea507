@testable import CourierGenerator
import Foundation
import Testing

@Suite struct FileWriterTests {
    @Test func unchangedFilesAreNotRewritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.path + "/out/nested"
        let files = [GeneratedFile(name: "a.swift", contents: "let a = 1\n"), GeneratedFile(name: "b.swift", contents: "let b = 2\n")]
        let first = try FileWriter().write(files, to: output)
        #expect(first.written == ["a.swift", "b.swift"])
        let old = Date(timeIntervalSince1970: 1_000_000)
        for name in ["a.swift", "b.swift"] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: output + "/" + name)
        }
        let changed = [files[0], GeneratedFile(name: "b.swift", contents: "let b = 3\n")]
        let second = try FileWriter().write(changed, to: output)
        #expect(second == WriteSummary(written: ["b.swift"], unchanged: ["a.swift"]))
        let aDate = try FileManager.default.attributesOfItem(atPath: output + "/a.swift")[.modificationDate] as? Date
        let bDate = try FileManager.default.attributesOfItem(atPath: output + "/b.swift")[.modificationDate] as? Date
        #expect(aDate == old)
        #expect(bDate != old)
        #expect(FileManager.default.contents(atPath: output + "/b.swift") == Data("let b = 3\n".utf8))
    }

    @Test func unwritableDirectoriesAreErrors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("file", "x")
        #expect(throws: WriteError.self) { try FileWriter().write([GeneratedFile(name: "a.swift", contents: "")], to: directory.path + "/file") }
    }
}
