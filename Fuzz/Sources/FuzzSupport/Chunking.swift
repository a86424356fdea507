import Foundation

/// Cuts `bytes` into chunks whose sizes come from `sizes` in turn (each 1...64; a 0 byte makes a
/// chunk of one byte), so that one input decides both a stream and where it is split.
public func chunks(of bytes: [UInt8], sizes: [UInt8]) -> [Data] {
    guard !sizes.isEmpty else { return bytes.isEmpty ? [] : [Data(bytes)] }
    var result: [Data] = []
    var start = 0
    var turn = 0
    while start < bytes.count {
        let size = Int(sizes[turn % sizes.count] % 64) + 1
        let end = min(bytes.count, start + size)
        result.append(Data(bytes[start..<end]))
        start = end
        turn += 1
    }
    return result
}
