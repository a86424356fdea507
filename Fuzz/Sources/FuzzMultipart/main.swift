@testable import Courier
import Foundation
import FuzzSupport
import HTTPTypes

// The multipart encoder and its boundary check (structure-aware): parts with arbitrary names,
// file names, content types and contents, under a random boundary or a fixed one from the input.
// When the form encodes, the body must split at its delimiters into exactly the parts given, each
// with its own bytes; a fixed boundary that a part holds must be refused, never sent.
//
// Layout: flags byte (bit 0: a fixed boundary follows), [boundary 0x00], part count (0...7), then
// per part: flags (bit 0: a file name, bit 1: a content type), name 0x00, [file name 0x00],
// [content type 0x00], content 0xFF.

private func occurrences(of needle: Data, in haystack: Data) -> [Int] {
    var found: [Int] = []
    var from = haystack.startIndex
    while let range = haystack.range(of: needle, in: from..<haystack.endIndex) {
        found.append(range.lowerBound - haystack.startIndex)
        from = range.lowerBound + 1
    }
    return found
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let fixed = input.byte() & 1 == 1
    var form = MultipartForm(boundary: fixed ? String(fuzzBytes: input.field(separatedBy: 0)) : nil)
    var contents: [Data] = []
    for _ in 0..<input.number(below: 8) {
        let flags = input.byte()
        let name = String(fuzzBytes: input.field(separatedBy: 0))
        let fileName = flags & 1 == 1 ? String(fuzzBytes: input.field(separatedBy: 0)) : nil
        let contentType = flags & 2 == 2 ? String(fuzzBytes: input.field(separatedBy: 0)) : nil
        let content = Data(input.field(separatedBy: 0xFF))
        contents.append(content)
        form.parts.append(MultipartForm.Part(name: name, fileName: fileName, contentType: contentType, content: .bytes(content)))
    }

    let encoded: (body: HTTPBody, contentType: String)
    do {
        encoded = try form.encoded(with: JSONEncoder())
    } catch {
        switch error.reason {
        case .invalidRequest(.invalidMultipartBoundary(let boundary)):
            fuzzCheck(fixed && !MultipartForm.isValidBoundary(boundary), "a valid boundary refused: \(boundary.debugDescription)")
        case .invalidRequest(.multipartBoundaryCollision):
            let delimiter = Data("--\(form.boundary ?? "")".utf8)
            fuzzCheck(fixed && contents.contains { $0.range(of: delimiter) != nil }, "a collision reported where there is none")
        case .invalidRequest(.invalidHeaderValue):
            fuzzCheck(form.parts.contains { $0.contentType.map { !HTTPField.isValidValue($0) } ?? false },
                      "a content type refused that is a valid field value")
        default:
            fuzzCheck(false, "the form failed with \(error)")
        }
        return 0
    }
    guard let body = encoded.body.data else {
        fuzzCheck(false, "a form of parts in memory did not encode into one body")
        return 0
    }
    let prefix = "multipart/form-data; boundary="
    fuzzCheck(encoded.contentType.hasPrefix(prefix), "content type \(encoded.contentType)")
    // Quoted exactly when it is not a token (RFC 2046 allows a space and `( ) , / : = ?` in a
    // boundary; a parameter value holds them only quoted).
    let parameter = String(encoded.contentType.dropFirst(prefix.count))
    let token = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~".utf8)
    let quoted = parameter.count >= 2 && parameter.hasPrefix("\"") && parameter.hasSuffix("\"")
    let boundary = quoted ? String(parameter.dropFirst().dropLast()) : parameter
    fuzzCheck(quoted != boundary.utf8.allSatisfy(token.contains), "boundary parameter \(parameter.debugDescription) quoted wrongly")
    fuzzCheck(MultipartForm.isValidBoundary(boundary), "an invalid boundary was sent: \(boundary.debugDescription)")
    if let chosen = form.boundary { fuzzCheck(boundary == chosen, "the fixed boundary was not used") }

    // Every delimiter line, and only those: n openings and one closing.
    let whole = Data("\r\n".utf8) + body
    let delimiters = occurrences(of: Data("\r\n--\(boundary)".utf8), in: whole)
    fuzzCheck(delimiters.count == contents.count + 1, "\(delimiters.count) delimiters for \(contents.count) parts")
    fuzzCheck(whole.suffix(boundary.utf8.count + 8) == Data("\r\n--\(boundary)--\r\n".utf8), "the body does not end with the closing delimiter")
    for (index, content) in contents.enumerated() {
        // The part: its head up to the blank line, then its bytes up to the next delimiter.
        let partStart = whole.startIndex + delimiters[index] + 4 + boundary.utf8.count
        let partEnd = whole.startIndex + delimiters[index + 1]
        let part = whole[partStart..<partEnd]
        guard let blank = part.range(of: Data("\r\n\r\n".utf8)) else {
            fuzzCheck(false, "part \(index) has no blank line after its head")
            return 0
        }
        // Compared as bytes: "\r\n" is one Character, so String offsets would not line up.
        let head = Data(part[part.startIndex..<blank.lowerBound])
        let expected = Data(MultipartForm.head(of: form.parts[index], boundary: boundary).utf8).dropFirst(2 + boundary.utf8.count).dropLast(4)
        fuzzCheck(head == Data(expected), "part \(index)'s head \(String(decoding: head, as: UTF8.self).debugDescription)")
        fuzzCheck(Data(part[blank.upperBound...]) == content, "part \(index)'s content changed")
    }
    return 0
}
