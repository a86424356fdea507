import Foundation
import HTTPTypes

extension Authenticator {
    /// `request` with `snapshot`'s credentials where `scheme` puts them; the values are registered
    /// as the call's secrets, so no text about the call shows them.
    func authorized(
        _ request: PreparedRequest, with snapshot: CredentialSnapshot, scheme: AuthScheme, context: CallContext
    ) throws -> PreparedRequest {
        guard let credentials = snapshot.credentials else { throw snapshot.endedBy ?? missing(scheme) }
        var request = request
        switch scheme.kind {
        case .bearer:
            guard let token = credentials.token else { throw missing(scheme) }
            context.storage.addSecret(token)
            request.http.headerFields[.authorization] = "Bearer \(token)"
        case .basic:
            guard let username = credentials.username, let password = credentials.password else { throw missing(scheme) }
            let encoded = Data("\(username):\(password)".utf8).base64EncodedString()
            context.registerSecrets([password, encoded])
            request.http.headerFields[.authorization] = "Basic " + encoded
        case .apiKeyHeader(let name):
            guard let key = credentials.token, let field = HTTPField.Name(name) else { throw missing(scheme) }
            context.storage.addSecret(key)
            request.http.headerFields[field] = key
            if !request.credentialFields.contains(field) { request.credentialFields.append(field) }
        case .apiKeyQuery(let name):
            guard let key = credentials.token else { throw missing(scheme) }
            context.storage.addSecret(key)
            var path = request.http.path ?? "/"
            path += path.contains("?") ? "&" : "?"
            RequestEncoder.percentEncode(name, into: &path)
            path += "="
            RequestEncoder.percentEncode(key, into: &path)
            request.http.path = path
        }
        return request
    }

    private func missing(_ scheme: AuthScheme) -> CourierError {
        .other(.notSignedIn, "the credentials of auth scheme '\(scheme.name)' lack what a \(scheme.kind) scheme sends; sign in again")
    }
}
