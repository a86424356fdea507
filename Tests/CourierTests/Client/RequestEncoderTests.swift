@testable import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("RequestEncoder")
struct RequestEncoderTests {
    private func encoder(_ base: String = "https://api.example.com") throws -> RequestEncoder {
        try RequestEncoder(service: ServiceConfiguration(name: "t", baseURL: try #require(URL(string: base))))
    }

    @Test("percent-encoding keeps exactly the RFC 3986 unreserved characters")
    func unreservedOnly() {
        var text = ""
        RequestEncoder.percentEncode("AZaz09-._~", into: &text)
        #expect(text == "AZaz09-._~")
        for byte in UInt8(0)...UInt8(127) {
            let scalar = String(UnicodeScalar(byte))
            if "AZaz09-._~".contains(scalar) || scalar.first?.isLetter == true || scalar.first?.isNumber == true { continue }
            var encoded = ""
            RequestEncoder.percentEncode(scalar, into: &encoded)
            #expect(encoded == String(format: "%%%02X", byte), "byte \(byte)")
        }
    }

    @Test("multi-byte characters are encoded byte by byte in upper-case hex")
    func utf8() {
        var text = ""
        RequestEncoder.percentEncode("é😀 +", into: &text)
        #expect(text == "%C3%A9%F0%9F%98%80%20%2B")
    }

    @Test("prepare joins base path, template, parameters and query")
    func prepare() throws {
        var request = Request<Void>(method: .get, path: "users/{user}/files/{file}")
        request.setPathParameter("user", to: 42)
        request.setPathParameter("file", to: "a b/c")
        request.addQuery("q", "x&y")
        let prepared = try encoder("https://api.example.com:8443/v2/").prepare(request)
        #expect(prepared.http.scheme == "https")
        #expect(prepared.http.authority == "api.example.com:8443")
        #expect(prepared.http.path == "/v2/users/42/files/a%20b%2Fc?q=x%26y")
        #expect(prepared.timeout == .seconds(60))
    }

    @Test("IPv6 hosts keep their brackets in the authority")
    func ipv6() throws {
        let prepared = try encoder("http://[::1]:8080").prepare(Request<Void>(method: .get, path: "/x"))
        #expect(prepared.http.authority == "[::1]:8080")
    }

    @Test("the request's timeout overrides the service's")
    func timeoutOverride() throws {
        var request = Request<Void>(method: .get, path: "/x")
        request.timeout = .milliseconds(250)
        #expect(try encoder().prepare(request).timeout == .milliseconds(250))
    }

    @Test("default headers come first, then the request's own; same names are replaced, not doubled")
    func headerOrder() throws {
        let url = try #require(URL(string: "https://api.example.com"))
        let encoder = try RequestEncoder(service: ServiceConfiguration(name: "t", baseURL: url, headers: [
            HeaderItem(name: "X-A", value: "1"), HeaderItem(name: "Accept", value: "application/json"), HeaderItem(name: "X-B", value: "2"),
        ]))
        var request = Request<Void>(method: .get, path: "/x")
        request.addHeader("X-C", "3")
        request.addHeader("ACCEPT", "text/csv")
        let fields = try encoder.prepare(request).http.headerFields
        #expect(fields.map { "\($0.name.rawName)=\($0.value)" } == ["X-A=1", "X-B=2", "X-C=3", "ACCEPT=text/csv"])
        let plain = try encoder.prepare(Request<Void>(method: .get, path: "/x")).http.headerFields
        #expect(plain.map(\.value) == ["1", "application/json", "2"])
    }
}
