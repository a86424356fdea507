/// Names one typed setting in an ``Options`` value, with the value it has when nobody set it.
///
/// Wares define the settings they read as keys in their own code, and usually a property over
/// the key on ``Request`` (and ``PreparedRequest``, ``ServiceConfiguration``) so that callers
/// and generated code need not spell the key:
///
/// ```swift
/// enum Tenant: OptionKey {
///     static let defaultValue: String? = nil
/// }
///
/// extension Request {
///     var tenant: String? {
///         get { options[Tenant.self] }
///         set { options[Tenant.self] = newValue }
///     }
/// }
///
/// let tenant = request.options[Tenant.self] ?? context.service.options[Tenant.self]  // in the ware
/// ```
public protocol OptionKey {
    /// The type of value stored under this key.
    associatedtype Value: Sendable
    /// The value read when none was set.
    static var defaultValue: Value { get }
}

/// Typed settings for wares, each under its ``OptionKey``: ``Request/options`` holds a request's,
/// handed to the wares as ``PreparedRequest/options``, and ``ServiceConfiguration/options`` the
/// service's.
///
/// A plain value: a copy is independent of the original (copy-on-write, so copying costs nothing
/// until one side changes). Empty options hold nothing and allocate nothing. Reading a key scans
/// the few values set, with no hashing, cast or allocation; setting one allocates its box.
///
/// ```swift
/// request.options[Tenant.self] = "acme"
/// let tenant = request.options[Tenant.self]   // "acme"
/// ```
public struct Options: Sendable {
    /// One value set, boxed under its key's identity: reading it back needs no dynamic cast,
    /// since a key's type fixes its value's.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let key: ObjectIdentifier
        @usableFromInline let box: OptionBox

        @inlinable
        init(key: ObjectIdentifier, box: OptionBox) {
            self.key = key
            self.box = box
        }
    }

    /// The values set, in the order first set; a few at most, so a scan beats hashing.
    @usableFromInline
    var entries: [Entry]

    /// Options with nothing set: every key reads as its default.
    @inlinable
    public init() {
        entries = []
    }

    /// The value set under `key`, or its ``OptionKey/defaultValue`` when none was set.
    @inlinable
    public subscript<Key: OptionKey>(key: Key.Type) -> Key.Value {
        get {
            let id = ObjectIdentifier(key)
            for entry in entries where entry.key == id {
                // Only this subscript stores under `id`, always a `TypedOptionBox<Key.Value>`.
                return unsafeDowncast(entry.box, to: TypedOptionBox<Key.Value>.self).value
            }
            return Key.defaultValue
        }
        set {
            let id = ObjectIdentifier(key)
            let entry = Entry(key: id, box: TypedOptionBox(newValue))
            if let index = entries.firstIndex(where: { $0.key == id }) {
                entries[index] = entry
            } else {
                entries.append(entry)
            }
        }
    }

    /// Whether a value was set under `key` (even one equal to its default), and not removed since.
    @inlinable
    public func contains<Key: OptionKey>(_ key: Key.Type) -> Bool {
        let id = ObjectIdentifier(key)
        return entries.contains { $0.key == id }
    }

    /// Removes the value set under `key`, if any, so that it reads as its default again.
    @inlinable
    public mutating func remove<Key: OptionKey>(_ key: Key.Type) {
        let id = ObjectIdentifier(key)
        if let index = entries.firstIndex(where: { $0.key == id }) { entries.remove(at: index) }
    }

    /// Whether no value is set.
    @inlinable
    public var isEmpty: Bool { entries.isEmpty }
}

/// A value set in ``Options``, of a type only its key knows. Immutable, so it is shared safely.
@usableFromInline
class OptionBox: @unchecked Sendable {
    @inlinable
    init() {}
}

/// A value of type `Value` set in ``Options``.
@usableFromInline
final class TypedOptionBox<Value: Sendable>: OptionBox, @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
        super.init()
    }
}
