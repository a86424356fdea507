/// A path template of the spec (`/pets/{id}`, `/repos/{owner}/{repo}/contents/{+path}`), matched
/// against the paths requests arrive with.
struct PathTemplate: Sendable, Hashable {
    /// A run of literal text, or a placeholder.
    enum Piece: Sendable, Hashable {
        /// Text the path must hold as it is.
        case literal(String)
        /// `{name}` (one segment: no `/`) or `{+name}` (several segments).
        case variable(name: String, multiSegment: Bool)
    }

    /// The template as the spec wrote it.
    let text: String
    /// Its pieces in order.
    let pieces: [Piece]

    /// Parses `text`; an unclosed `{` is literal text (the spec's validation has rejected it).
    init(_ text: String) {
        self.text = text
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            literal += rest[..<open]
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            var name = rest[rest.index(after: open)..<close]
            let multiSegment = name.hasPrefix("+")
            if multiSegment { name = name.dropFirst() }
            pieces.append(.variable(name: String(name), multiSegment: multiSegment))
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// How specific the template is: the more literal characters, the more it wins over another
    /// template matching the same path (`/pets/mine` over `/pets/{id}`).
    var literalLength: Int {
        pieces.reduce(0) { total, piece in
            if case .literal(let text) = piece { return total + text.utf8.count }
            return total
        }
    }

    /// The number of `{+name}` placeholders, which match more than others.
    var multiSegmentCount: Int {
        pieces.filter { if case .variable(_, true) = $0 { return true } else { return false } }.count
    }

    /// The placeholders' values in `path` (percent-encoded, without a query), percent-decoded, or
    /// `nil` when the path does not have the template's shape. A `{name}` takes one or more
    /// characters of one segment, a `{+name}` one or more of any.
    func match(_ path: String) -> [String: String]? {
        let bytes = Array(path.utf8)
        var raw: [String: ArraySlice<UInt8>] = [:]
        guard match(bytes, at: 0, piece: 0, into: &raw) else { return nil }
        var values: [String: String] = [:]
        for (name, slice) in raw { values[name] = PercentDecoding.decode(slice) }
        return values
    }

    private func match(_ bytes: [UInt8], at offset: Int, piece index: Int, into values: inout [String: ArraySlice<UInt8>]) -> Bool {
        guard index < pieces.count else { return offset == bytes.count }
        switch pieces[index] {
        case .literal(let text):
            let literal = Array(text.utf8)
            guard bytes.count - offset >= literal.count, bytes[offset..<(offset + literal.count)].elementsEqual(literal) else {
                return false
            }
            return match(bytes, at: offset + literal.count, piece: index + 1, into: &values)
        case .variable(let name, let multiSegment):
            // The longest value first, then shorter ones: the rest of the template decides.
            var end = offset
            while end < bytes.count, multiSegment || bytes[end] != UInt8(ascii: "/") { end += 1 }
            while end > offset {
                values[name] = bytes[offset..<end]
                if match(bytes, at: end, piece: index + 1, into: &values) { return true }
                end -= 1
            }
            values[name] = nil
            return false
        }
    }

    /// The template with each placeholder that is a whole segment replaced by the segment `path`
    /// has there (`{+name}` by all that remain), for comparing a path that matched nothing with
    /// what it may have meant: `/pet/7` against `/pets/{id}` is compared with `/pets/7`.
    func filled(from path: String) -> String {
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        let own = text.split(separator: "/", omittingEmptySubsequences: false)
        var result: [Substring] = []
        for (index, segment) in own.enumerated() {
            let isVariable = segment.hasPrefix("{") && segment.hasSuffix("}") && segment.dropFirst().dropLast().allSatisfy { $0 != "{" && $0 != "}" }
            guard isVariable, index < given.count else {
                result.append(segment)
                continue
            }
            if segment.hasPrefix("{+") {
                result.append(given[index...].joined(separator: "/")[...])
                return result.joined(separator: "/")
            }
            result.append(given[index])
        }
        return result.joined(separator: "/")
    }
}
