/// What one call fixes when it starts, in one object shared by every copy of its
/// ``CallContext``: the context travels through every ware by value, and copying one reference
/// costs far less than copying the dozen fields this holds. A client's calls use its subclass
/// `DecodingCallRecord`, which also keeps the decoded value.
class CallRecord: @unchecked Sendable {
    // @unchecked: everything is immutable except `principal`, which the client writes once,
    // before the first ware sees the context (and so before the record is shared).
    let endpoint: String
    /// ``endpoint`` when its values are bounded; see ``CallContext/boundedEndpoint``.
    let boundedEndpoint: String?
    let callID: CallID
    let parentCallID: CallID?
    let core: ClientCore
    let setup: CallSetup
    /// Whether the call skips any ware type (a side request), read once here rather than by
    /// copying the set at every ware.
    let skipsWares: Bool
    let storage = CallStorage()
    /// Whose call it is; decided by the client before any ware runs.
    var principal: Principal = .anonymous

    init(core: ClientCore, endpoint: String, boundedEndpoint: String?, parent: CallID?, setup: CallSetup) {
        self.endpoint = endpoint
        self.boundedEndpoint = boundedEndpoint
        self.callID = CallID.next()
        self.parentCallID = parent
        self.core = core
        self.setup = setup
        self.skipsWares = !setup.skipped.isEmpty
    }

    /// Decodes `response` at the chain's boundary and keeps the value; nothing for a context
    /// made outside a client's call (a ware run by itself).
    func decodeAtBoundary(_ response: RawResponse) throws {}
}
