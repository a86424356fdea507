import CourierGenerator
import Foundation
import Testing

@Suite struct TemplateSetTests {
    @Test func aMissingTemplateNamesTheFoldersSearched() throws {
        let defaults = try TemporaryDirectory()
        let custom = try TemporaryDirectory()
        defer { defaults.remove(); custom.remove() }
        try defaults.write("Service.mustache", "")
        do {
            _ = try TemplateSet.load(custom: custom.path, defaults: defaults.path)
            Issue.record("loaded a set without Header.mustache")
        } catch {
            let expected = [custom.path, defaults.path].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            #expect(error.description == "error: template 'Header.mustache' not found; folders searched: "
                + expected.joined(separator: ", "))
        }
    }

    @Test func noFolderAtAllSaysSoInsteadOfAnEmptyPath() {
        do {
            _ = try TemplateSet.load(custom: nil, defaults: nil)
            Issue.record("loaded a set from no folder")
        } catch {
            #expect(error.description == "error: template 'Header.mustache' not found: no template folder was given to search")
        }
    }
}
