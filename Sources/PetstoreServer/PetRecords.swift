import Foundation

/// The server's own idea of a pet, written as wire JSON by hand so that tests check the
/// generated `Codable` code against JSON nobody generated.
struct PetRecord: Sendable {
    var id: Int64
    var name: String
    var tag: String?
    var status: String
    var ownerID: Int
    var createdAt: String
    var birthday: String?
    var photos: [String]
    var size: Int

    var json: [String: Any] {
        var object: [String: Any] = [
            "id": id, "name": name, "status": status, "owner_id": ownerID,
            "created_at": createdAt, "photos": photos, "size": size,
        ]
        if let tag { object["tag"] = tag }
        if let birthday { object["birthday"] = birthday }
        return object
    }
}

/// The pets, tokens and uploads behind ``PetstoreServer``, guarded by a lock because the
/// server answers each connection on its own thread.
final class PetStoreState: @unchecked Sendable {
    private let lock = NSLock()
    private var pets: [Int64: PetRecord] = [:]
    private var nextID: Int64 = 1
    private var uploads: [Int64: Int] = [:]
    private var documents: [Int64: (bytes: Data, contentType: String)] = [:]
    private var createdByKey: [String: Int64] = [:]
    private var createFailures: [Int] = []
    private var currentToken: String
    private var refreshTokens: Set<String> = []
    private var refreshCount = 0

    init(token: String) {
        self.currentToken = token
        for (name, tag, status, size) in [("Rex", nil, "available", 3), ("Tom", "cat", "sold", 1), ("Kiwi", "bird", "pending", 1)] {
            _ = add(name: name, tag: tag, status: status, birthday: nil, size: size)
        }
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func add(name: String, tag: String?, status: String, birthday: String?, size: Int = 2) -> PetRecord {
        withLock {
            let record = PetRecord(
                id: nextID, name: name, tag: tag, status: status, ownerID: 7,
                createdAt: "2024-05-0\(min(nextID, 9))T12:00:00.250Z", birthday: birthday, photos: [], size: size)
            pets[nextID] = record
            nextID += 1
            return record
        }
    }

    /// The access token calls must carry now.
    var token: String { withLock { currentToken } }
    /// How many refreshes were made.
    var refreshes: Int { withLock { refreshCount } }

    /// A new refresh token, valid until it is used or revoked.
    func issueRefreshToken() -> String {
        withLock {
            let token = "refresh-\(UUID().uuidString.prefix(8))"
            refreshTokens.insert(token)
            return token
        }
    }

    /// Exchanges a valid refresh token (used up) for a new access token, or `nil`.
    func refresh(_ refreshToken: String) -> String? {
        withLock {
            guard refreshTokens.remove(refreshToken) != nil else { return nil }
            refreshCount += 1
            currentToken = "token-\(UUID().uuidString.prefix(8))"
            return currentToken
        }
    }

    /// Whether every call is answered 503 MAINTENANCE.
    var maintenance: Bool {
        get { withLock { inMaintenance } }
        set { withLock { inMaintenance = newValue } }
    }
    private var inMaintenance = false

    /// Makes the current access token invalid, as its expiry would.
    func expireToken() { withLock { currentToken = "expired-\(UUID().uuidString.prefix(8))" } }
    /// Makes every refresh token invalid, as a revoked session would.
    func revokeRefreshTokens() { withLock { refreshTokens.removeAll() } }

    func all() -> [PetRecord] { withLock { pets.values.sorted { $0.id < $1.id } } }
    func pet(_ id: Int64) -> PetRecord? { withLock { pets[id] } }
    func replace(_ record: PetRecord) { withLock { pets[record.id] = record } }
    func remove(_ id: Int64) -> Bool { withLock { pets.removeValue(forKey: id) != nil } }
    func recordUpload(_ id: Int64, bytes: Int) { withLock { uploads[id] = bytes } }
    func uploadedBytes(_ id: Int64) -> Int? { withLock { uploads[id] } }
    func storeDocument(_ id: Int64, bytes: Data, contentType: String) { withLock { documents[id] = (bytes, contentType) } }
    func document(_ id: Int64) -> (bytes: Data, contentType: String)? { withLock { documents[id] } }

    /// The pet a create with `key` already made: a repeated key is a retried create, answered
    /// with the first one's pet instead of adding a second.
    func pet(createdWith key: String) -> PetRecord? { withLock { createdByKey[key].flatMap { pets[$0] } } }
    /// Remembers that the create with `key` made `id`.
    func remember(_ id: Int64, createdWith key: String) { withLock { createdByKey[key] = id } }
    /// Makes the next creates answer these statuses after storing the pet, as a gateway that
    /// loses the answer would.
    func failCreates(_ statuses: [Int]) { withLock { createFailures += statuses } }
    /// The status the next create must answer with instead of its own, if any.
    func nextCreateFailure() -> Int? { withLock { createFailures.isEmpty ? nil : createFailures.removeFirst() } }
}
