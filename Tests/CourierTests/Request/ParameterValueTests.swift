@testable import Courier
import Testing

/// How scalar parameters are written in a query, a header or a form.
@Suite("ParameterValue: scalars as text")
struct ParameterValueTests {
    @Test("a Float is written with the digits it prints, not those of its binary value widened to Double",
          arguments: [(Float(0.1), "0.1"), (Float(3.14), "3.14"), (Float(-2.5), "-2.5"), (Float(1e10), "10000000000.0")])
    func floats(value: Float, text: String) {
        var request = Request<Void>(method: .get, path: "/")
        request.addQuery("x", value)
        #expect(request.query.first?.value.repeatedTexts == [text])
    }
}
