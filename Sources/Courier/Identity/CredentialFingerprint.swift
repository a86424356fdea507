import Foundation
import HTTPTypes

/// Names the credentials a request carries in its own fields (set by the app rather than by an
/// ``Ware/principal(for:context:)``) without keeping them: a keyed hash of the sensitive header fields and
/// query items, salted once per process so that nothing written to disk can be matched against a
/// guessed password or key.
enum CredentialFingerprint {
    /// Drawn once per process from the system's random source.
    private static let salt: (UInt64, UInt64) = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))

    /// Fields that always carry credentials, whatever the service's redaction says.
    private static let alwaysSensitive: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie]

    /// The principal of the credentials in `fields` (sensitive names listed in `sensitiveFields`,
    /// plus `Authorization`, `Proxy-Authorization` and `Cookie`) and in the query items `query`
    /// whose names `redaction` calls sensitive; ``Principal/anonymous`` when there are none.
    static func principal(
        fields: HTTPFields, sensitiveFields: [HTTPField.Name], query: [QueryItem], redaction: Redaction
    ) -> Principal {
        // Collected, then hashed in a fixed order: the same credentials sent in another order are
        // the same principal (a property of #28 found two partitions for one user otherwise).
        var credentials: [(name: String, value: String)] = []
        // One pass over the fields: most requests carry two or three and none of them secret.
        for field in fields where alwaysSensitive.contains(field.name) || sensitiveFields.contains(field.name) {
            credentials.append((field.name.canonicalName, field.value))
        }
        for item in query where redaction.isSensitive(item.name) {
            for value in item.value.repeatedTexts { credentials.append(("?" + item.name.lowercased(), value)) }
        }
        guard !credentials.isEmpty else { return .anonymous }
        if credentials.count > 1 { credentials.sort { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name } }
        var hasher = Hasher()
        hasher.combine(salt.0)
        hasher.combine(salt.1)
        for credential in credentials {
            hasher.combine(credential.name)
            hasher.combine(credential.value)
        }
        let value = UInt64(bitPattern: Int64(hasher.finalize()))
        let digits = String(value, radix: 16)
        return Principal("fields:" + String(repeating: "0", count: 16 - digits.count) + digits)
    }
}

extension CallContext {
    /// Whose call `request` is as it stands at the calling ware: the call's ``principal`` with
    /// the credentials on `request` itself, which a ware outside this one may have added without
    /// saying so in ``Ware/principal(for:context:)`` (a ware of your own adding a header or an
    /// `api_key` query item). The cache and coalescing key by it, so such credentials keep users
    /// apart too: the cache key leaves a sensitive query item's value out, so only this does.
    func principal(of request: PreparedRequest) -> Principal {
        let redaction = core.service.redaction
        let added = CredentialFingerprint.principal(
            fields: request.http.headerFields, sensitiveFields: request.credentialFields,
            query: CredentialFingerprint.sensitiveQueryItems(in: request.http.path, redaction: redaction), redaction: redaction)
        return principal.combined(with: added)
    }
}

extension CredentialFingerprint {
    /// The query items of the request target `path` whose names `redaction` calls sensitive,
    /// percent-decoded as the server reads them; none (and no work) for a path without a query.
    static func sensitiveQueryItems(in path: String?, redaction: Redaction) -> [QueryItem] {
        guard let path, let question = path.firstIndex(of: "?") else { return [] }
        var items: [QueryItem] = []
        for pair in path[path.index(after: question)...].split(separator: "&") {
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            let name = String(pair[..<equals])
            let decodedName = name.removingPercentEncoding ?? name
            guard redaction.isSensitive(decodedName) else { continue }
            let value = equals == pair.endIndex ? "" : String(pair[pair.index(after: equals)...])
            items.append(QueryItem(name: decodedName, value: .string(value.removingPercentEncoding ?? value)))
        }
        return items
    }
}
