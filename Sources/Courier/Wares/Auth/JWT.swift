import Foundation

/// Reads a JSON Web Token's expiry and lifetime without verifying its signature: only to know when to
/// refresh, never to trust its claims.
enum JWT {
    /// The `exp` claim of `token`, or `nil` when it is not a JWT with one. A time on the server's
    /// clock, which the device's may be far from.
    static func expiry(of token: String) -> Date? {
        guard let exp = claims(of: token)?["exp"] as? NSNumber else { return nil }
        return Date(timeIntervalSince1970: exp.doubleValue)
    }

    /// How long `token` lives by its own claims, `exp` minus `iat`, or `nil` when it is not a JWT
    /// with both or they give no positive lifetime. Counted from when the token arrived, it needs
    /// no agreement between the server's clock and the device's.
    static func lifetime(of token: String) -> TimeInterval? {
        guard let claims = claims(of: token), let exp = claims["exp"] as? NSNumber, let iat = claims["iat"] as? NSNumber else {
            return nil
        }
        let lifetime = exp.doubleValue - iat.doubleValue
        return lifetime > 0 ? lifetime : nil
    }

    private static func claims(of token: String) -> [String: Any]? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = base64URLDecoded(parts[1]) else { return nil }
        return try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
    }

    private static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = String(text).replacingExactly("-", with: "+").replacingExactly("_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
