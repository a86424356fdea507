import Foundation

/// Reads a JSON Web Token's expiry without verifying its signature: only to know when to
/// refresh, never to trust its claims.
enum JWT {
    /// The `exp` claim of `token`, or `nil` when it is not a JWT with one.
    static func expiry(of token: String) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = base64URLDecoded(parts[1]),
              let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
              let exp = object["exp"] as? NSNumber
        else { return nil }
        return Date(timeIntervalSince1970: exp.doubleValue)
    }

    private static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = String(text).replacingExactly("-", with: "+").replacingExactly("_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
