import HTTPTypes

/// What the ``HTTPCache`` remembers about its partitions: the app's own partition if it set one,
/// which partitions each principal's calls were filed under, and which sessions ended.
struct PartitionState {
    /// The app's partition for every credentialed call, if it set one.
    var manual: String?
    /// The partitions answers were stored under in this process, by principal part.
    private var partitionsByPart: [String: Set<String>] = [:]
    /// Partitions of ended sessions: nothing is stored under them any more.
    private var ended: Set<String> = []

    /// Notes that an answer of `principal` was stored under `partition`.
    mutating func used(_ partition: String, by principal: Principal) {
        for part in principal.parts { partitionsByPart[part, default: []].insert(partition) }
    }

    func isEnded(_ partition: String) -> Bool { ended.contains(partition) }

    /// Sets the app's partition; one that an ended session wiped may be used again.
    mutating func setManual(_ partition: String?) {
        manual = partition
        if let partition { ended.remove(partition) }
    }

    /// `principal` signed in again: its partitions take answers again.
    mutating func start(_ principal: Principal) {
        ended.remove(principal.description)
        for part in principal.parts { ended.remove(part) }
    }

    func hasEnded(_ principal: Principal) -> Bool { ended.contains(principal.description) }

    /// Ends `principal`'s session: returns every partition to wipe (its own, those of calls that
    /// carried its credentials with others, and the app's partition, which is cleared), and
    /// refuses to store under them from now on.
    mutating func end(_ principal: Principal) -> [String] {
        var partitions: Set<String> = principal.isAnonymous ? [] : [principal.description]
        for part in principal.parts {
            partitions.formUnion(partitionsByPart.removeValue(forKey: part) ?? [])
            partitions.insert(part)
        }
        if let manual {
            partitions.insert(manual)
            self.manual = nil
        }
        partitions.remove(CacheKey.sharedPartition)
        ended.formUnion(partitions)
        return partitions.sorted()
    }
}

/// The values a request has for the header fields a response varies on, as it is sent: a
/// credential field (`Authorization`, `Proxy-Authorization`, `Cookie`, an API-key header or any
/// field the service's redaction calls sensitive) is not on the request yet when the cache runs,
/// outside authentication, and its value changes with every refresh; it is matched by whose
/// credentials they are (the call's principal) instead, which also keeps the secret itself out of
/// the stored entry.
struct VaryValues {
    let request: PreparedRequest
    let principal: Principal
    let redaction: Redaction

    /// The value to store or compare for the field `name` (lower-cased).
    func value(of name: String) -> String? {
        guard let field = HTTPField.Name(name) else { return nil }
        if isCredential(field) { return principal.isAnonymous ? nil : "credentials of \(principal)" }
        return request.http.headerFields[field]
    }

    private func isCredential(_ field: HTTPField.Name) -> Bool {
        field == .authorization || field == .proxyAuthorization || field == .cookie || redaction.isSensitive(field)
            || request.credentialFields.contains(field)
    }
}
