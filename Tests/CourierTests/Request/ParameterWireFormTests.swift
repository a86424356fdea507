import Courier
import CourierTestServer
import Foundation
import Testing

/// Numbers and dates in parameters, as the loopback server receives them: a NaN or infinity is
/// refused before anything is sent (it went out as `nan`/`inf`, which no server reads as a
/// number), a date travels in the format it is given (`FormattedDate`), and a `Date` set on an
/// HTTP date field (`If-Modified-Since`) is written as HTTP writes dates.
@Suite struct ParameterWireFormTests {
    /// 2023-11-14T22:13:20.123Z, a Tuesday.
    private static let moment = Date(timeIntervalSince1970: 1_700_000_000.123)
    private static let wholeMoment = Date(timeIntervalSince1970: 1_700_000_000)

    private func send(_ request: Request<String>) async throws -> (TestServer.Request?, CourierError?) {
        let server = try TestServer()
        server.route(.get, "/items/{id}") { _ in .text("ok") }
        server.route(.post, "/items/{id}") { _ in .text("ok") }
        server.start()
        defer { server.stop() }
        let client = try Client(service: ServiceConfiguration(name: "Items", baseURL: server.baseURL), transport: URLSessionTransport())
        do {
            _ = try await client.send(request)
            return (server.requests.first, nil)
        } catch let error as CourierError {
            #expect(server.requests.isEmpty, "nothing may be sent for a refused parameter")
            return (server.requests.first, error)
        }
    }

    private func refusedParameter(_ error: CourierError?) -> String? {
        guard case .invalidRequest(.nonFiniteNumber(let parameter))? = error?.reason else { return nil }
        return parameter
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberThatIsNoNumberIsRefusedWherever(value: Double) async throws {
        var inPath = Request<String>(method: .get, path: "/items/{id}")
        inPath.setPathParameter("id", to: value)
        #expect(refusedParameter(try await send(inPath).1) == "id")

        var inQuery = Request<String>(method: .get, path: "/items/{id}")
        inQuery.setPathParameter("id", to: 1)
        inQuery.addQuery("ratio", [1.5, value])
        #expect(refusedParameter(try await send(inQuery).1) == "ratio")

        var inHeader = Request<String>(method: .get, path: "/items/{id}")
        inHeader.setPathParameter("id", to: 1)
        inHeader.addHeader("X-Ratio", value)
        #expect(refusedParameter(try await send(inHeader).1) == "X-Ratio")

        var fields = FormFields()
        fields.add("ratio", Float(value))
        var inForm = Request<String>(method: .post, path: "/items/{id}")
        inForm.setPathParameter("id", to: 1)
        inForm.body = .form(fields.items)
        #expect(refusedParameter(try await send(inForm).1) == "ratio")

        var form = MultipartForm()
        form.add("caption", "a cat")
        form.add("ratio", value)
        var inMultipart = Request<String>(method: .post, path: "/items/{id}")
        inMultipart.setPathParameter("id", to: 1)
        inMultipart.body = .multipart(form)
        let (_, error) = try await send(inMultipart)
        #expect(refusedParameter(error) == "ratio")
        #expect(error.map { "\($0)" }?.contains("ratio") == true)
    }

    @Test func finiteNumbersStillGoOut() async throws {
        var request = Request<String>(method: .get, path: "/items/{id}")
        request.setPathParameter("id", to: 2.5)
        request.addQuery("ratio", [1.5, -0.25])
        let (seen, error) = try await send(request)
        #expect(error == nil)
        #expect(seen?.path == "/items/2.5")
        #expect(seen?.queryValues("ratio") == ["1.5", "-0.25"])
    }

    @Test func aDateParameterTravelsInTheFormatItIsGiven() async throws {
        var request = Request<String>(method: .get, path: "/items/{id}")
        request.setPathParameter("id", to: FormattedDate(Self.moment, format: .date))
        request.addQuery("since", FormattedDate(Self.wholeMoment, format: .secondsSince1970))
        request.addQuery("after", FormattedDate(Self.moment, format: .secondsSince1970))
        request.addQuery("sinceMs", FormattedDate(Self.moment, format: .millisecondsSince1970))
        request.addQuery("at", FormattedDate(Self.moment, format: .iso8601))
        request.addQuery("days", [Self.wholeMoment, Self.moment].map { FormattedDate($0, format: .date) })
        request.addHeader("X-Since", FormattedDate(Self.wholeMoment, format: .millisecondsSince1970))
        let (seen, error) = try await send(request)
        #expect(error == nil)
        #expect(seen?.path == "/items/2023-11-14")
        #expect(seen?.queryValues("since") == ["1700000000"])
        #expect(seen?.queryValues("after") == ["1700000000.123"])
        #expect(seen?.queryValues("sinceMs") == ["1700000000123"])
        #expect(seen?.queryValues("at") == ["2023-11-14T22:13:20.123Z"])
        #expect(seen?.queryValues("days") == ["2023-11-14", "2023-11-14"])
        #expect(seen?.header("X-Since") == "1700000000000")
    }

    @Test func aDateOnAnHTTPDateFieldIsWrittenAsHTTPWritesDates() async throws {
        var request = Request<String>(method: .get, path: "/items/{id}")
        request.setPathParameter("id", to: 1)
        request.addHeader("If-Modified-Since", Self.moment)
        request.addHeader("if-unmodified-since", Date(timeIntervalSince1970: 0))
        request.addHeader("X-Changed-Since", Self.moment)
        let (seen, error) = try await send(request)
        #expect(error == nil)
        #expect(seen?.header("If-Modified-Since") == "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(seen?.header("If-Unmodified-Since") == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(seen?.header("X-Changed-Since") == "2023-11-14T22:13:20.123Z", "another field keeps ISO-8601")
    }
}
