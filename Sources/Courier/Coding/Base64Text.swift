import Foundation

/// Decodes base64 text as large APIs send it: wrapped in lines (every 60 or 76 characters, with
/// `\n` or `\r\n`), padded or not.
///
/// Foundation's `Data(base64Encoded:)` rejects line breaks, and its `.ignoreUnknownCharacters`
/// option accepts anything at all; this decoder skips only line breaks, spaces and tabs, and says
/// where the text stops being base64.
public enum Base64Text {
    /// Why a text is not base64.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, with the offset (in UTF-8 bytes from the start of the text) where it is.
        public var description: String
    }

    /// The bytes `text` encodes (standard alphabet `A–Z a–z 0–9 + /`, `=` padding).
    ///
    /// - Throws: ``Failure`` naming the first bad character and its offset, padding in the middle,
    ///   or a text that ends part-way through a byte.
    public static func decode(_ text: String) throws(Failure) -> Data {
        var output = Data()
        output.reserveCapacity(text.utf8.count / 4 * 3)
        var quantum: UInt32 = 0
        var filled = 0
        var padding = 0
        var paddingOffset = 0
        for (offset, byte) in text.utf8.enumerated() {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "="):
                if padding == 0 { paddingOffset = offset }
                padding += 1
                continue
            default:
                throw Failure(description: "bad character \(shown(byte, in: text, at: offset)) at offset \(offset)")
            }
            if padding > 0 {
                throw Failure(description: "base64 continues at offset \(offset) after '=' padding at offset \(paddingOffset)")
            }
            quantum = quantum << 6 | value
            filled += 1
            if filled == 4 {
                output.append(UInt8(quantum >> 16 & 0xFF))
                output.append(UInt8(quantum >> 8 & 0xFF))
                output.append(UInt8(quantum & 0xFF))
                quantum = 0
                filled = 0
            }
        }
        switch filled {
        case 0:
            guard padding == 0 else {
                throw Failure(description: "'=' padding at offset \(paddingOffset) follows a complete group")
            }
        case 1:
            throw Failure(description: "the text ends part-way through a byte (one character after the last group of four)")
        case 2:
            guard padding == 0 || padding == 2 else {
                throw Failure(description: "expected two '=' after the last two characters, found \(padding)")
            }
            output.append(UInt8(quantum >> 4 & 0xFF))
        default:
            guard padding <= 1 else {
                throw Failure(description: "expected one '=' after the last three characters, found \(padding)")
            }
            output.append(UInt8(quantum >> 10 & 0xFF))
            output.append(UInt8(quantum >> 2 & 0xFF))
        }
        return output
    }

    private static func shown(_ byte: UInt8, in text: String, at offset: Int) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "0x%02X", byte)
    }
}

/// `Data` that decodes from wrapped or unwrapped base64 text (see ``Base64Text``) and encodes as
/// one line of standard base64.
///
/// Generated models decode their `Data` fields through this type and store the plain `Data`;
/// you rarely use it directly.
public struct Base64Data: Codable, Sendable, Hashable {
    /// The bytes.
    public var data: Data

    /// Wraps bytes.
    public init(_ data: Data) {
        self.data = data
    }

    /// Decodes base64 text; a text that is not base64 is a `DecodingError.dataCorrupted` saying
    /// what is wrong and at which offset.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            data = try Base64Text.decode(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected base64 text: \(error.description)")
        }
    }

    /// Encodes one line of standard base64.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(data.base64EncodedString())
    }
}
