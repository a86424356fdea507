import Foundation

/// Field-by-field decoding for hand-written and generated `init(from:)`.
///
/// Each method has a name of its own instead of another `decode` overload: the standard
/// `decode(_:forKey:)` comes in seventeen overloads, and resolving them for every field (with a
/// string-literal key to infer) was about half the time a debug build spent type-checking a
/// generated model. One candidate per call leaves the compiler nothing to search.
///
/// The key is a plain `String` and every method is `@inline(never)`, for the size of an app's
/// release build: inlined, each field's read became a generic `decode` call with a ``WireKey``
/// built on the stack, about 190 bytes of code a field; a call with the key in two registers is
/// about half that. On the 300-endpoint / 200-model benchmark API this took 0.21 MB off the
/// generated module's 2.25 MB (`Benchmarks/generator/size_compare.py`). The call costs
/// nanoseconds, next to a decoder's dictionary lookup for the key.
///
/// ```swift
/// let container = try decoder.container(keyedBy: WireKey.self)
/// self.name = try container.read(String.self, "name")
/// self.priority = try container.readIfPresent(Int.self, "priority") ?? 1
/// self.startsAt = try container.readIfPresent(Date.self, "starts_at", format: .date)
/// ```
extension KeyedDecodingContainer where Key == WireKey {
    /// The value at `name`; throws when the key is missing, `null`, or holds another type.
    @inline(never)
    public func read<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        let key = WireKey(stringValue: name)
        return try decode(T.self, forKey: key)
    }

    /// The value at `name`, or `nil` when the key is missing or `null`.
    @inline(never)
    public func readIfPresent<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        let key = WireKey(stringValue: name)
        return try decodeIfPresent(T.self, forKey: key)
    }

    /// The date at `name` in `format`, whatever the service-wide date strategy is.
    @inline(never)
    public func read(_ type: Date.Type, _ name: String, format: DateFormat) throws -> Date {
        let key = WireKey(stringValue: name)
        return try readDate(key, format: format)
    }

    /// The date at `name` in `format`, or `nil` when the key is missing or `null`.
    @inline(never)
    public func readIfPresent(_ type: Date.Type, _ name: String, format: DateFormat) throws -> Date? {
        let key = WireKey(stringValue: name)
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try readDate(key, format: format)
    }

    /// A field that must be present but may be `null` (`nullable: true` without `?`): `nil` for
    /// `null`, and a `keyNotFound` error when the key is missing.
    @inline(never)
    public func readNullable<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        let key = WireKey(stringValue: name)
        guard contains(key) else { throw missingNullable(key) }
        return try decodeNil(forKey: key) ? nil : decode(T.self, forKey: key)
    }

    /// A field that may be missing or `null` (`nullable: true` on an optional type): `nil` when the
    /// key is missing, ``Nullable/null`` for `null`.
    @inline(never)
    public func readNullableIfPresent<T: Decodable>(_ type: T.Type, _ name: String) throws -> Nullable<T>? {
        let key = WireKey(stringValue: name)
        guard contains(key) else { return nil }
        return try decodeNil(forKey: key) ? .null : .value(decode(T.self, forKey: key))
    }

    /// A date that must be present but may be `null`, in `format`: `nil` for `null`, and a
    /// `keyNotFound` error when the key is missing.
    @inline(never)
    public func readNullable(_ type: Date.Type, _ name: String, format: DateFormat) throws -> Date? {
        let key = WireKey(stringValue: name)
        guard contains(key) else { throw missingNullable(key) }
        return try decodeNil(forKey: key) ? nil : readDate(key, format: format)
    }

    /// A date that may be missing or `null`, in `format`: `nil` when the key is missing,
    /// ``Nullable/null`` for `null`.
    @inline(never)
    public func readNullableIfPresent(_ type: Date.Type, _ name: String, format: DateFormat) throws -> Nullable<Date>? {
        let key = WireKey(stringValue: name)
        guard contains(key) else { return nil }
        return try decodeNil(forKey: key) ? .null : .value(readDate(key, format: format))
    }

    /// The error for a nullable field's missing key: it must be present, even as `null`.
    private func missingNullable(_ key: WireKey) -> DecodingError {
        .keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "The key must be present; its value may be null"))
    }

    private func readDate(_ key: WireKey, format: DateFormat) throws -> Date {
        switch format {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self, forKey: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self, forKey: key) / 1000)
        case .iso8601, .date:
            let text = try decode(String.self, forKey: key)
            guard let parsed = format.date(fromText: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: format.mismatch(text))
            }
            return parsed
        }
    }
}

/// Field-by-field encoding for hand-written and generated `encode(to:)`, named apart from the
/// standard `encode(_:forKey:)` overloads for the same reason as ``KeyedDecodingContainer/read(_:_:)``.
///
/// ```swift
/// var container = encoder.container(keyedBy: WireKey.self)
/// try container.write(name, "name")
/// try container.writeIfPresent(startsAt, "starts_at", format: .date)
/// ```
extension KeyedEncodingContainer where Key == WireKey {
    /// Writes `value` at `name`.
    @inline(never)
    public mutating func write<T: Encodable>(_ value: T, _ name: String) throws {
        let key = WireKey(stringValue: name)
        return try encode(value, forKey: key)
    }

    /// Writes `value` at `name`, or nothing when it is `nil`.
    @inline(never)
    public mutating func writeIfPresent<T: Encodable>(_ value: T?, _ name: String) throws {
        let key = WireKey(stringValue: name)
        return try encodeIfPresent(value, forKey: key)
    }

    /// Writes `date` at `name` in `format`.
    @inline(never)
    public mutating func write(_ date: Date, _ name: String, format: DateFormat) throws {
        let key = WireKey(stringValue: name)
        return try encode(FormattedDate(date, format: format), forKey: key)
    }

    /// Writes `date` at `name` in `format`, or nothing when it is `nil`.
    @inline(never)
    public mutating func writeIfPresent(_ date: Date?, _ name: String, format: DateFormat) throws {
        guard let date else { return }
        try encode(FormattedDate(date, format: format), forKey: WireKey(stringValue: name))
    }

    /// A date that is always sent but may be `null`: `null` for `nil`, else `date` in `format`.
    @inline(never)
    public mutating func writeNullable(_ date: Date?, _ name: String, format: DateFormat) throws {
        try writeNullableIfPresent(date.map(Nullable.value) ?? .null, name, format: format)
    }

    /// A date that may be missing or `null`, in `format`: nothing for `nil`, `null` for
    /// ``Nullable/null``, the date otherwise.
    @inline(never)
    public mutating func writeNullableIfPresent(_ value: Nullable<Date>?, _ name: String, format: DateFormat) throws {
        let key = WireKey(stringValue: name)
        switch value {
        case nil: break
        case .null?: try encodeNil(forKey: key)
        case .value(let date)?: try encode(FormattedDate(date, format: format), forKey: key)
        }
    }

    /// A field that may be missing or `null`: nothing for `nil`, `null` for ``Nullable/null``, the
    /// value otherwise.
    @inline(never)
    public mutating func writeNullableIfPresent<T: Encodable>(_ value: Nullable<T>?, _ name: String) throws {
        let key = WireKey(stringValue: name)
        switch value {
        case nil: break
        case .null?: try encodeNil(forKey: key)
        case .value(let wrapped)?: try encode(wrapped, forKey: key)
        }
    }
}
