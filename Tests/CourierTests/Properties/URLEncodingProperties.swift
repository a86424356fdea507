import Courier
import Foundation
import PropertyChecking
import Testing

/// The request target a client sends for `request`, as its transport sees it.
private func sentTarget(_ request: Request<String>) async throws -> String {
    let transport = CapturingTransport()
    let service = ServiceConfiguration(name: "props", baseURL: URL(string: "https://api.example.com/v1")!, timeout: .seconds(5))
    let client = try Client(service: service, transport: transport)
    _ = try await client.send(request)
    return try #require(transport.requests.first?.http.path)
}

/// `text` with its percent escapes decoded as UTF-8 bytes. Not `removingPercentEncoding`: on
/// Linux that drops a leading U+FEFF (a byte order mark) from what it decodes.
private func percentDecoded(_ text: some StringProtocol) -> String? {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
}

/// The segments of `target`'s path after `/v1/items/`, percent-decoded, read by Foundation's parser.
private func decodedSegments(of target: String) -> [String]? {
    guard let components = URLComponents(string: "https://api.example.com\(target)") else { return nil }
    let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard segments.count >= 3, segments[1] == "v1", segments[2] == "items" else { return nil }
    return segments.dropFirst(3).map { percentDecoded($0) ?? "<not decodable: \($0)>" }
}

@Suite("Properties: path and query values read back through Foundation's URL parser as they were given")
struct URLEncodingProperties {
    @Test("a path parameter is one segment that decodes to its value, whatever its characters; an empty, '.' or '..' one is refused")
    func pathParameterRoundTrips() async throws {
        try await Property.check(
            generate: { generator in generator.string(from: awkwardCharacters, maximumLength: 24) }, shrink: Property.shrink
        ) { value in
            var request = Request<String>(method: .get, path: "/items/{id}/tags")
            request.setPathParameter("id", to: value)
            if value.isEmpty || value == "." || value == ".." {
                do {
                    let target = try await sentTarget(request)
                    return "\(value.debugDescription) was sent as \(target)"
                } catch let error as CourierError {
                    return error.kind == .invalidRequest ? nil : "\(value.debugDescription) failed with \(error)"
                }
            }
            let target = try await sentTarget(request)
            return decodedSegments(of: target) == [value, "tags"] ? nil : "\(value.debugDescription) was sent as \(target)"
        }
    }

    @Test("a {+path} parameter keeps its slashes and each segment decodes to what it was")
    func multiSegmentParameterRoundTrips() async throws {
        var generator = SeededGenerator(seed: 28)
        for _ in 0..<150 {
            let segments = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                generator.string(from: awkwardCharacters.filter { $0 != "/" }, maximumLength: 8, minimumLength: 1)
            }.filter { $0 != "." && $0 != ".." }
            guard !segments.isEmpty else { continue }
            let value = segments.joined(separator: "/")
            var request = Request<String>(method: .get, path: "/items/{+path}")
            request.setPathSegments("+path", to: value)
            let target = try await sentTarget(request)
            #expect(decodedSegments(of: target) == segments, "\(value.debugDescription) was sent as \(target)")
        }
    }

    @Test("query names and values, lists included, come back from URLComponents.queryItems in order")
    func queryItemsRoundTrip() async throws {
        var generator = SeededGenerator(seed: 280)
        for _ in 0..<150 {
            var request = Request<String>(method: .get, path: "/items")
            var expected: [URLQueryItem] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let name = generator.string(from: awkwardCharacters, maximumLength: 10, minimumLength: 1)
                if Bool.random(using: &generator) {
                    let values = (0..<Int.random(in: 1...3, using: &generator)).map { _ in generator.string(from: awkwardCharacters, maximumLength: 12) }
                    request.addQuery(name, values)
                    expected += values.map { URLQueryItem(name: name, value: $0) }
                } else {
                    let value = generator.string(from: awkwardCharacters, maximumLength: 12)
                    request.addQuery(name, value)
                    expected.append(URLQueryItem(name: name, value: value))
                }
            }
            let target = try await sentTarget(request)
            let items = URLComponents(string: "https://api.example.com\(target)")?.percentEncodedQueryItems ?? []
            #expect(items.map { percentDecoded($0.name) } == expected.map(\.name), "sent as \(target)")
            #expect(items.map { percentDecoded($0.value ?? "") } == expected.map { $0.value ?? "" }, "sent as \(target)")
        }
    }
}
