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
    private let values = Locked<[ObjectIdentifier: any Sendable]>([:])

    init() {}

    /// The value stored under `key`, or `nil`; setting `nil` removes it.
    public subscript<Key: CallStorageKey>(key: Key.Type) -> Key.Value? {
        get { values.withLock { $0[ObjectIdentifier(key)] } as? Key.Value }
        nonmutating set { values.withLock { $0[ObjectIdentifier(key)] = newValue } }
    }

    /// Changes the value under `key` in place, atomically, starting from `initial` when absent.
    public func update<Key: CallStorageKey>(
        _ key: Key.Type, default initial: Key.Value, _ change: (inout Key.Value) -> Void
    ) {
        values.withLock { values in
            var value = values[ObjectIdentifier(key)] as? Key.Value ?? initial
            change(&value)
            values[ObjectIdentifier(key)] = value
        }
    }
}
