@testable import Courier
import Foundation
import HTTPTypes
import PropertyChecking
import Testing

/// One GET or HEAD as the cache sees it: where it goes, and the credentials it carries itself.
private struct Call: CustomStringConvertible {
    var method: HTTPRequest.Method
    var host: String
    var path: String
    var query: [QueryItem]
    var authorization: String?
    var cookie: String?

    /// The query names the property draws from: some that ``Redaction/standard`` calls sensitive.
    static let names = ["page", "q", "api_key", "token", "sort", "access_token"]

    var isSensitive: (QueryItem) -> Bool { { Redaction.standard.isSensitive($0.name) } }

    /// Whose call it is: every credential value, by where it is.
    var identity: [String] {
        var values = [authorization.map { "authorization=" + $0 }, cookie.map { "cookie=" + $0 }].compactMap { $0 }
        values += query.filter(isSensitive).map { "?\($0.name)=\(String(describing: $0.value))" }
        return values.sorted()
    }

    /// What it asks for: method, host (case aside), path, and the other query items in order per name.
    var resource: String {
        let plain = query.filter { !isSensitive($0) }.enumerated()
            .sorted { $0.element.name == $1.element.name ? $0.offset < $1.offset : $0.element.name < $1.element.name }
            .map { "\($0.element.name)=\(String(describing: $0.element.value))" }
        return "\(method) \(host.lowercased())\(path)?\(plain.joined(separator: "&"))"
    }

    var request: HTTPRequest {
        var target = path
        if !query.isEmpty {
            target += "?" + query.map { item in
                var pair = ""
                RequestEncoder.percentEncode(item.name, into: &pair)
                pair += "="
                RequestEncoder.percentEncode(item.value.repeatedTexts.first ?? "", into: &pair)
                return pair
            }.joined(separator: "&")
        }
        var fields = HTTPFields()
        if let authorization { fields[.authorization] = authorization }
        if let cookie { fields[.cookie] = cookie }
        return HTTPRequest(method: method, scheme: "https", authority: host, path: target, headerFields: fields)
    }

    /// The key ``HTTPCache`` files the call's answer under.
    var key: CacheKey {
        let request = request
        let principal = CredentialFingerprint.principal(fields: request.headerFields, sensitiveFields: [], query: query, redaction: .standard)
        let partition = principal.isAnonymous ? CacheKey.sharedPartition : principal.description
        return CacheKey(request: request, partition: partition, redaction: .standard)
    }

    var description: String { "\(method) \(request.path ?? "") host \(host) auth \(authorization ?? "-") cookie \(cookie ?? "-")" }
}

private extension SeededGenerator {
    mutating func token() -> String { string(from: Array("abAB01-_.~+/= é"), maximumLength: 8, minimumLength: 1) }

    mutating func call() -> Call {
        Call(
            method: Bool.random(using: &self) ? .get : .head,
            host: ["api.example.com", "API.Example.com", "cdn.example.com"].randomElement(using: &self)!,
            path: "/" + string(from: Array("ab/"), maximumLength: 6),
            query: (0..<Int.random(in: 0...4, using: &self)).map { _ in
                QueryItem(name: Call.names.randomElement(using: &self)!, value: .string(token()))
            },
            authorization: Bool.random(using: &self) ? "Bearer " + token() : nil,
            cookie: Int.random(in: 0..<4, using: &self) == 0 ? "sid=" + token() : nil)
    }

    /// A call close to `call`: one credential or one resource detail changed, or only its
    /// spelling (host case, query order across names), so that near collisions are tried.
    mutating func neighbour(of call: Call) -> Call {
        var other = call
        switch Int.random(in: 0..<7, using: &self) {
        case 0: other.authorization = Bool.random(using: &self) ? "Bearer " + token() : nil
        case 1: other.cookie = Bool.random(using: &self) ? "sid=" + token() : nil
        case 2 where !other.query.isEmpty:
            let index = Int.random(in: other.query.indices, using: &self)
            other.query[index].value = .string(token())
        case 3: other.method = other.method == .get ? .head : .get
        case 4: other.host = other.host.uppercased()
        case 5: other.query.shuffle(using: &self)
        default: other.query.append(QueryItem(name: Call.names.randomElement(using: &self)!, value: .string(token())))
        }
        return other
    }
}

@Suite("Properties: the cache keys of two identities, or of two resources, never collide")
struct CacheKeyProperties {
    @Test("equal keys only for the same identity and resource; the same call spelled differently shares its key")
    func keysSeparateIdentities() {
        Property.check(2_000, generate: { generator -> (Call, Call) in
            let call = generator.call()
            return (call, generator.neighbour(of: call))
        }) { pair in
            let (a, b) = pair
            let sameCall = a.identity == b.identity && a.resource == b.resource
            if a.key == b.key, !sameCall {
                return "one key \(a.key) for\n\(a)\n\(b)\nidentities \(a.identity) / \(b.identity)"
            }
            if a.key != b.key, sameCall {
                return "two keys for one call:\n\(a.key)\n\(b.key)"
            }
            // What is written to disk holds no credential value.
            for value in a.identity.map({ $0.split(separator: "=", maxSplits: 1).last.map(String.init) ?? $0 }) where value.count >= 4 {
                if a.key.description.contains(value) { return "the key shows \(value): \(a.key)" }
            }
            return nil
        }
    }
}
