import CourierSpec
import Testing
@testable import CourierImport

/// Counting and printing the notes of an import.
@Suite struct ImportReportTests {
    private func note(_ kind: String, _ severity: ImportNote.Severity = .approximation, line: Int = 1) -> ImportNote {
        ImportNote(
            severity: severity, kind: kind, pointer: "#/components/schemas/A", location: SourceLocation(file: "a.yaml", line: line, column: 3),
            message: "what was done")
    }

    @Test func countsAreByKindMostFrequentFirstAndApproximationsApartFromUncheckedKeywords() {
        let report = ImportReport(notes: [note("xml"), note("not"), note("xml"), note("maxLength", .unchecked), note("anyOf")])
        #expect(report.counts(of: .approximation).map { "\($0.kind) \($0.count)" } == ["xml 2", "anyOf 1", "not 1"])
        #expect(report.approximations.count == 4)
        #expect(report.summary == "4 approximations (xml 2, anyOf 1, not 1); 1 unchecked validation keyword (maxLength 1)")
        #expect(ImportReport(notes: []).summary == "0 approximations; 0 unchecked validation keywords")
    }

    @Test func eachNoteIsOneLineWithItsPlaceKindPointerAndWhatWasDone() {
        #expect(note("not", line: 7).description == "a.yaml:7:3: approximation: [not] #/components/schemas/A: what was done")
        let text = ImportReport(notes: [note("not")]).rendered(input: "api.yaml")
        #expect(text.split(separator: "\n").map(String.init) == [
            "# courier-import report for api.yaml",
            "# 1 approximation (not 1); 0 unchecked validation keywords",
            "# Each line: file:line:column: severity: [kind] JSON pointer: what was done.",
            "a.yaml:1:3: approximation: [not] #/components/schemas/A: what was done",
        ])
    }
}
