import CourierSpec
import Foundation

/// A value of an OpenAPI document together with where it is: its file and its JSON pointer in
/// that file, so that reports can name it (`resources/droplets/models/droplet.yml#/properties/id`)
/// and relative `$ref`s can be resolved against its file.
struct DocumentNode {
    /// The YAML value.
    let yaml: YAMLNode
    /// The absolute path of the file holding it.
    let file: String
    /// Its JSON pointer inside that file (`""` for the file's root).
    let pointer: String

    /// The file's identity and the pointer, as one key (`/abs/path.yml#/a/b`).
    var id: String { file + "#" + pointer }

    /// Where the value starts.
    var location: SourceLocation { yaml.location }

    /// The value under `key`, if this is a mapping that has it.
    subscript(key: String) -> DocumentNode? {
        guard let pairs = yaml.pairs, let pair = pairs.first(where: { $0.key == key }) else { return nil }
        return DocumentNode(yaml: pair.value, file: file, pointer: pointer + "/" + JSONPointer.escape(key))
    }

    /// The key/value pairs, if this is a mapping, in file order.
    var pairs: [(key: String, keyLocation: SourceLocation, value: DocumentNode)]? {
        guard let pairs = yaml.pairs else { return nil }
        return pairs.map { pair in
            (pair.key, pair.keyLocation,
             DocumentNode(yaml: pair.value, file: file, pointer: pointer + "/" + JSONPointer.escape(pair.key)))
        }
    }

    /// The items, if this is a sequence.
    var items: [DocumentNode]? {
        guard let items = yaml.items else { return nil }
        return items.enumerated().map { index, item in
            DocumentNode(yaml: item, file: file, pointer: pointer + "/" + String(index))
        }
    }

    /// Whether this is a mapping holding `key`.
    func has(_ key: String) -> Bool { yaml.pairs?.contains { $0.key == key } ?? false }

    /// The keys of a mapping, in file order (empty for anything else).
    var keys: [String] { yaml.pairs?.map(\.key) ?? [] }

    /// The text of a scalar (quoted or not; `null` spellings included).
    var text: String? { yaml.scalar?.text }

    /// The text under `key`, if it is a scalar that is not null.
    func string(_ key: String) -> String? {
        guard let scalar = self[key]?.yaml.scalar, !scalar.isNull else { return nil }
        return scalar.text
    }

    /// The boolean under `key`: `true`/`false` unquoted (YAML 1.2 core schema spellings).
    func bool(_ key: String) -> Bool? {
        guard let scalar = self[key]?.yaml.scalar, scalar.isPlain else { return nil }
        switch scalar.text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// Whether this is a Reference Object: a mapping whose `$ref` is text (a property named `$ref`
    /// in `properties` holds a schema, a mapping, instead).
    var isReference: Bool { reference != nil }

    /// The `$ref` value of a Reference Object.
    var reference: DocumentNode? {
        guard let value = self["$ref"], value.yaml.scalar != nil else { return nil }
        return value
    }
}

/// RFC 6901 JSON pointers, as written in `$ref` fragments.
enum JSONPointer {
    /// `a/b~c` → `a~1b~0c`.
    static func escape(_ key: String) -> String {
        guard key.contains("~") || key.contains("/") else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The reference tokens of a pointer such as `/components/schemas/Pet` (percent-decoded, as a
    /// `$ref` fragment is a URI fragment, then `~1` → `/` and `~0` → `~`); `nil` when it does not
    /// start with `/` (and is not empty).
    static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            let decoded = percentDecoded(String(token))
            return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `%7Bid%7D` → `{id}`; text that is not valid percent-encoding is kept as written.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3,
               let value = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
