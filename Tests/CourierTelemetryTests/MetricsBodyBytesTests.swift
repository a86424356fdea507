import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import MetricsTestKit
import Testing

@Suite("MetricsWare records request and response body sizes when they are known")
struct MetricsBodyBytesTests {
    @Test("a multipart upload's length and the response's are recorded; a body of unknown length is not")
    func bodyBytes() async throws {
        let server = try TestServer()
        server.route(.post, "/upload") { _ in .json(#"{"ok":true}"#) }
        server.start()
        defer { server.stop() }
        let metrics = TestMetrics()
        let client = try Client(
            service: ServiceConfiguration(name: "shop", baseURL: server.baseURL, timeout: .seconds(30)),
            wares: [MetricsWare(factory: metrics)])
        var form = MultipartForm(boundary: "b")
        form.add("a", "1")
        var request = Request<Data>(method: .post, path: "/upload", name: "upload")
        request.body = .multipart(form)
        _ = try await client.send(request)
        let sent = try metrics.expectRecorder("courier_request_body_bytes", [("service", "shop"), ("endpoint", "upload")])
        // "--b\r\n", "Content-Disposition: form-data; name=\"a\"\r\n", "\r\n", "1\r\n", "--b--\r\n"
        let expectedLength = 5 + 42 + 2 + 3 + 7
        #expect(sent.values == [Double(expectedLength)])
        let received = try metrics.expectRecorder("courier_response_body_bytes", [("service", "shop"), ("endpoint", "upload")])
        #expect(received.values == [11])

        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        continuation.yield(Data("x".utf8))
        continuation.finish()
        var chunked = MultipartForm()
        chunked.addStream("s", stream)
        request.body = .multipart(chunked)
        _ = try await client.send(request)
        #expect(sent.values.count == 1, "an unknown length is not recorded")
        #expect(received.values.count == 2)
    }
}
