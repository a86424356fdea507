// Apple platforms only (the Security framework); never compiled on the Linux machines Courier is
// developed on. Each call follows Apple's documentation of Keychain Services
// (developer.apple.com/documentation/security/keychain-services):
// - SecItemCopyMatching(_:_:) -> OSStatus, with kSecReturnData and kSecMatchLimitOne: the item's
//   data as CFData (…/security/secitemcopymatching(_:_:), "Searching for keychain items").
// - SecItemAdd(_:_:) -> OSStatus, with kSecValueData and kSecAttrAccessible
//   (…/security/secitemadd(_:_:); …/security/ksecattraccessibleafterfirstunlock).
// - SecItemDelete(_:) -> OSStatus; errSecItemNotFound when nothing matched (…/security/secitemdelete(_:)).
// - Generic passwords: kSecClassGenericPassword with kSecAttrService and kSecAttrAccount
//   (…/security/ksecclassgenericpassword).
#if canImport(Security)
import Foundation
import Security

/// Credentials kept in the keychain on Apple platforms: one generic-password item per scheme
/// under `service`, readable after the device's first unlock.
public final class KeychainCredentialStore: CredentialStore {
    /// The keychain service the items are stored under.
    public let service: String

    /// A store under `service` (your app's bundle identifier is a good choice).
    public init(service: String) {
        self.service = service
    }

    /// The stored credentials of `scheme`, or `nil`.
    public func credentials(for scheme: AuthSchemeName) async throws -> Credentials? {
        var query = baseQuery(account: scheme.rawValue)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = item as? Data else {
            throw CredentialStoreError.unreadable(path: "keychain \(service)", reason: "status \(status)")
        }
        do {
            return try JSONDecoder().decode(Credentials.self, from: data)
        } catch {
            throw CredentialStoreError.unreadable(path: "keychain \(service)", reason: "the item is not a credentials item")
        }
    }

    /// Stores `credentials` for `scheme`, replacing the item.
    public func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        let data: Data
        do { data = try JSONEncoder().encode(credentials) } catch {
            throw CredentialStoreError.unwritable(path: "keychain \(service)", reason: "the credentials could not be encoded")
        }
        // Replace, not update: delete first (errSecItemNotFound is fine), then add.
        _ = SecItemDelete(baseQuery(account: scheme.rawValue) as CFDictionary)
        var item = baseQuery(account: scheme.rawValue)
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else {
            throw CredentialStoreError.unwritable(path: "keychain \(service)", reason: "status \(status)")
        }
    }

    /// Deletes the item of `scheme`.
    public func removeCredentials(for scheme: AuthSchemeName) async throws {
        try delete(baseQuery(account: scheme.rawValue))
    }

    /// Deletes every item under ``service``.
    public func removeAll() async throws {
        try delete([kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service])
    }

    private func baseQuery(account: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    private func delete(_ query: [String: Any]) throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw CredentialStoreError.unwritable(path: "keychain \(service)", reason: "delete failed with status \(status)")
        }
    }
}
#endif
