/// Names one typed value in a call's storage (``CallContext/storage``), so a ware can leave
/// something for other wares of the same call: a retry ware the number of retries, an auth ware
/// the credential generation it used, a cache ware whether it answered.
///
/// Declare a key as a type, and read and write through the context:
///
/// ```swift
/// enum RetriesMade: CallStorageKey { typealias Value = Int }
///
/// context.storage[RetriesMade.self] = 2                 // in the retry ware
/// let retries = context.storage[RetriesMade.self] ?? 0  // in a metrics ware, after `next`
/// ```
public protocol CallStorageKey {
    /// The type of value stored under this key.
    associatedtype Value: Sendable
}

/// Typed values shared by every ware of one call, whichever side of `next` they write on: a
/// value written by an inner ware is there for an outer one once `next` returns.
///
/// Every copy refers to the same storage, shared by the whole call, so writing works on a
/// `let` context. Replays of the request (retries, auth replays) share it; a side request has
/// its own.
public struct CallStorage: Sendable {
    private struct State {
        var values: [ObjectIdentifier: any Sendable] = [:]
        /// The call's secret values registered by wares (``CallContext/registerSecrets(_:)``):
        /// kept beside the typed values rather than among them, so that the authenticator's
        /// registration on every call costs no boxing and no dictionary.
        var secrets: [String] = []
    }

    private let state = Locked(State())

    init() {}

    /// Runs `body` under the storage's lock, for call state kept elsewhere (the decoded value).
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try state.withLock { _ in try body() }
    }

    /// The secret values wares registered for the call.
    var secrets: [String] { state.withLock { $0.secrets } }

    /// Adds `value` to the call's secrets, once.
    func addSecret(_ value: String) {
        state.withLock { state in
            if !state.secrets.contains(value) { state.secrets.append(value) }
        }
    }

    /// Adds `values` to the call's secrets, each once.
    func addSecrets(_ values: [String]) {
        guard !values.isEmpty else { return }
        state.withLock { state in
            for value in values where !state.secrets.contains(value) { state.secrets.append(value) }
        }
    }

    /// The value stored under `key`, or `nil`; setting `nil` removes it.
    public subscript<Key: CallStorageKey>(key: Key.Type) -> Key.Value? {
        get { state.withLock { $0.values[ObjectIdentifier(key)] } as? Key.Value }
        nonmutating set { state.withLock { $0.values[ObjectIdentifier(key)] = newValue } }
    }

    /// Changes the value under `key` in place, atomically, starting from `initial` when absent.
    public func update<Key: CallStorageKey>(
        _ key: Key.Type, default initial: Key.Value, _ change: (inout Key.Value) -> Void
    ) {
        state.withLock { state in
            var value = state.values[ObjectIdentifier(key)] as? Key.Value ?? initial
            change(&value)
            state.values[ObjectIdentifier(key)] = value
        }
    }
}
