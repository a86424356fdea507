import HTTPTypes

/// What the ``HTTPCache`` remembers about its partitions: the app's own partition if it set one,
/// which partitions each principal's calls were filed under, and which sessions ended.
struct PartitionState {
    /// The app's partition for every credentialed call, if it set one.
    var manual: String?
    /// The partitions answers were stored under in this process, by principal part.
    private var partitionsByPart: [String: Set<String>] = [:]
    /// Principal parts whose session ended: nothing of a principal holding one is stored.
    private var endedParts: Set<String> = []
    /// App partitions an ended session wiped.
    private var endedPartitions: Set<String> = []

    /// Notes that an answer of `principal` was stored under `partition`.
    mutating func used(_ partition: String, by principal: Principal) {
        for part in principal.parts { partitionsByPart[part, default: []].insert(partition) }
    }

    /// Whether an answer of `principal` may no longer be stored under `partition`: any of its
    /// parts ended (a call that carried an ended session's credentials among others too), or the
    /// app's partition it was filed under (alone, or with a fingerprint of sensitive query values).
    func isEnded(_ partition: String, for principal: Principal) -> Bool {
        CacheKey.parts(of: partition).contains { endedPartitions.contains(String($0)) }
            || principal.parts.contains(where: endedParts.contains)
    }

    func hasEnded(_ principal: Principal) -> Bool {
        !principal.isAnonymous && principal.parts.allSatisfy(endedParts.contains)
    }

    /// Sets the app's partition; one that an ended session wiped may be used again.
    mutating func setManual(_ partition: String?) {
        manual = partition
        if let partition { endedPartitions.remove(partition) }
    }

    /// `principal` signed in again: answers of its calls are stored again.
    mutating func start(_ principal: Principal) {
        endedParts.subtract(principal.parts)
    }

    /// Ends `principal`'s session: returns every partition to wipe (its own, those of calls that
    /// carried its credentials with others, and the app's partition, which is cleared), and
    /// refuses to store answers of it from now on.
    mutating func end(_ principal: Principal) -> [String] {
        var partitions: Set<String> = principal.isAnonymous ? [] : [principal.description]
        for part in principal.parts {
            partitions.formUnion(partitionsByPart.removeValue(forKey: part) ?? [])
            partitions.insert(part)
        }
        endedParts.formUnion(principal.parts)
        if let manual {
            partitions.insert(manual)
            endedPartitions.insert(manual)
            self.manual = nil
        }
        partitions.remove(CacheKey.sharedPartition)
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
