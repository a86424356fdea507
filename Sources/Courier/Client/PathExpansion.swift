/// Expands a path template (`/pets/{id}`, `/files/{+path}`) into percent-encoded path bytes.
///
/// Runs on every call, so it works on UTF-8 bytes into one buffer sized up front, and makes the
/// result string once: no substrings, no grapheme breaking, no intermediate strings but each
/// parameter's name for the lookup.
enum PathExpansion {
    /// Appends `template` to `path` with each `{name}` replaced by its parameter encoded as exactly
    /// one segment, and each `{+name}` by its parameter's segments (its `/` kept, a `.` or `..`
    /// segment refused). An unclosed brace is copied literally with the rest.
    static func append(_ template: String, parameters: [String: String], to path: inout String) throws(CourierError) {
        // Every byte of a parameter becomes at most three ("%XY"), once per placeholder: a template
        // may name one parameter several times (sizing each value once overflowed the buffer, a
        // fuzz finding). A leading "/" may be added.
        var placeholders = 0
        for byte in template.utf8 where byte == UInt8(ascii: "{") { placeholders += 1 }
        var longest = 0
        for value in parameters.values { longest = max(longest, value.utf8.count) }
        let capacity = path.utf8.count + template.utf8.count + 1 + 3 * longest * placeholders
        var failure: CourierError?
        let expanded = withContiguousUTF8(of: template) { source in
            String(unsafeUninitializedCapacity: capacity) { buffer in
                var out = ByteWriter(buffer: buffer)
                out.append(contentsOf: path.utf8)
                failure = expand(source, parameters: parameters, into: &out)
                return out.count
            }
        }
        if let failure { throw failure }
        path = expanded
    }

    private static func expand(
        _ source: UnsafeBufferPointer<UInt8>, parameters: [String: String], into out: inout ByteWriter
    ) -> CourierError? {
        if source.first != UInt8(ascii: "/") { out.append(UInt8(ascii: "/")) }
        var literalStart = 0
        while let open = firstIndex(of: UInt8(ascii: "{"), in: source, from: literalStart),
              let close = firstIndex(of: UInt8(ascii: "}"), in: source, from: open) {
            out.append(source, from: literalStart, to: open)
            let name = String(decoding: UnsafeBufferPointer(rebasing: source[(open + 1)..<close]), as: UTF8.self)
            guard let value = parameters[name] else { return .invalidRequest(.missingPathParameter(name)) }
            if source[open + 1] == UInt8(ascii: "+") {
                if let failure = appendSegments(value, parameter: name, into: &out) { return failure }
            } else {
                if let failure = appendSegment(value, parameter: name, into: &out) { return failure }
            }
            literalStart = close + 1
        }
        out.append(source, from: literalStart, to: source.count)
        return nil
    }

    /// One segment: percent-encoded so it can never add, remove or climb segments. An empty,
    /// `.` or `..` value is refused: encoding is not enough, as servers merge `//` and resolve
    /// `%2E%2E` as `..` (RFC 3986 §6.2.2.2: an encoded unreserved character is the character);
    /// longer runs of dots have every dot encoded.
    private static func appendSegment(_ value: String, parameter: String, into out: inout ByteWriter) -> CourierError? {
        let bytes = value.utf8
        if bytes.isEmpty || bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) {
            return .invalidRequest(.invalidPathSegment(parameter: parameter, segment: value))
        }
        if bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            for _ in bytes { out.appendEncoded(UInt8(ascii: ".")) }
            return nil
        }
        for byte in bytes { out.appendPercentEncoded(byte) }
        return nil
    }

    /// A multi-segment parameter (`{+path}`, RFC 6570 reserved expansion): its `/` are kept and
    /// each segment is encoded as a whole value would be; a `.` or `..` segment is refused.
    private static func appendSegments(_ value: String, parameter: String, into out: inout ByteWriter) -> CourierError? {
        var first = true
        for segment in value.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) {
                return .invalidRequest(.invalidPathSegment(parameter: parameter, segment: String(decoding: segment, as: UTF8.self)))
            }
            if !first { out.append(UInt8(ascii: "/")) }
            first = false
            for byte in segment { out.appendPercentEncoded(byte) }
        }
        return nil
    }

    private static func firstIndex(of byte: UInt8, in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < source.count {
            if source[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func withContiguousUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        // A bridged string without contiguous UTF-8 (Darwin): copy it once.
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}

/// Writes bytes into a buffer that was sized for the worst case.
private struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func append(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes { append(byte) }
    }

    mutating func append(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard start < end else { return }
        let length = end - start
        guard let target = buffer.baseAddress, let origin = source.baseAddress else { return }
        (target + count).update(from: origin + start, count: length)
        count += length
    }

    /// Keeps an RFC 3986 unreserved byte and encodes every other.
    mutating func appendPercentEncoded(_ byte: UInt8) {
        if RequestEncoder.isUnreserved(byte) { append(byte) } else { appendEncoded(byte) }
    }

    mutating func appendEncoded(_ byte: UInt8) {
        append(UInt8(ascii: "%"))
        append(ByteWriter.hexDigit(byte >> 4))
        append(ByteWriter.hexDigit(byte & 0x0F))
    }

    /// The upper-case hex digit of `nibble` (0–15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
