@testable import Courier
import Foundation
import Testing

/// Regression tests for what the fuzz targets of `Fuzz/` found; each input is also kept under
/// `Fuzz/FailCases/<target>/` and replayed by `Fuzz/run.sh --smoke`.
@Suite("Fuzz findings, kept as tests")
struct FuzzFindingsTests {
    /// FuzzPathQuery: the buffer was sized for each parameter once, so a template naming one
    /// parameter several times wrote past its end (a heap overflow in release builds, a trap in
    /// debug ones) once the value needed percent-encoding.
    @Test("a path template naming one parameter several times expands each, however long the value")
    func repeatedPathParameter() throws {
        let value = String(repeating: "é/", count: 40)
        let encoded = String(repeating: "%C3%A9%2F", count: 40)
        var path = ""
        try PathExpansion.append("/{a}/{a}{a}/x{+a}", parameters: ["a": value, "+a": "b/c"], to: &path)
        #expect(path == "/\(encoded)/\(encoded)\(encoded)/xb/c")
        var multi = "/base"
        try PathExpansion.append("{+p}{+p}{+p}{+p}", parameters: ["+p": String(repeating: "/ü", count: 50)], to: &multi)
        #expect(multi == "/base/" + String(repeating: String(repeating: "/%C3%BC", count: 50), count: 4))
    }
}
