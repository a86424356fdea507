@testable import Courier
import Foundation
import FuzzSupport

// A disk-cache entry file, as a hostile or corrupted file may hold anything: it decodes to an
// entry or to nothing, never traps; what decodes encodes back to the same bytes.
//
// Two modes, by the first byte: odd, the rest is the whole file; even, the rest is the metadata
// JSON and a body (split at the first NUL), framed with the right magic, length and checksum, so
// that the JSON decoding and the plausibility checks behind the checksum are reached.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let file: Data
    if input.byte() & 1 == 1 {
        file = Data(input.rest())
    } else {
        let json = input.field(separatedBy: 0)
        let body = input.rest()
        var framed = Data("CCE1".utf8)
        for shift in stride(from: 24, through: 0, by: -8) { framed.append(UInt8(truncatingIfNeeded: json.count >> shift)) }
        framed.append(contentsOf: json)
        framed.append(contentsOf: body)
        let hash = FNV1a.hash64(Data(body), seed: FNV1a.hash64(Data(json)))
        for shift in stride(from: 56, through: 0, by: -8) { framed.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift))) }
        file = framed
    }
    guard let entry = DiskEntryFormat.decode(file) else { return 0 }
    fuzzCheck(entry.isPlausible, "an implausible entry decoded")
    _ = entry.isFresh(at: Date(timeIntervalSinceReferenceDate: 800_000_000))
    _ = entry.rawResponse(source: .cache(age: .zero))
    guard let again = DiskEntryFormat.prepare(entry)?.bytes() else {
        fuzzCheck(false, "a decoded entry that does not encode")
        return 0
    }
    guard let back = DiskEntryFormat.decode(again) else {
        fuzzCheck(false, "an entry that does not decode after encoding")
        return 0
    }
    fuzzCheck(back.key == entry.key && back.status == entry.status && back.headers == entry.headers && back.body == entry.body
              && back.vary == entry.vary && back.mustRevalidate == entry.mustRevalidate,
              "an entry changed by encoding and decoding")
    return 0
}
