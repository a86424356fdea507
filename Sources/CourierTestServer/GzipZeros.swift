/// A gzip member whose content is `count` zero bytes, made without a compressor: one deflate
/// block with fixed Huffman codes, a literal zero, then back-references of 258 bytes at distance
/// 1 (13 bits each), then the rest as literals. Produced in chunks as it is sent, so even a
/// 1 GiB bomb costs the server a few kilobytes.
struct GzipZeros: IteratorProtocol {
    private let count: Int
    private var matches: Int
    private var literals: Int
    private var bits: UInt64 = 0
    private var bitCount = 0
    private var phase = Phase.header

    private enum Phase { case header, body, trailer, done }

    private static let maximumMatch = 258
    private static let chunkSize = 64 * 1024

    init(count: Int) {
        self.count = count
        let afterFirst = max(0, count - 1)
        self.matches = afterFirst / GzipZeros.maximumMatch
        self.literals = count == 0 ? 0 : 1 + afterFirst % GzipZeros.maximumMatch
    }

    /// The size of the whole gzip member for `count` zero bytes.
    static func compressedSize(of count: Int) -> Int {
        let afterFirst = max(0, count - 1)
        let literals = count == 0 ? 0 : 1 + afterFirst % maximumMatch
        let bits = 3 + literals * 8 + (afterFirst / maximumMatch) * 13 + 7
        return 10 + (bits + 7) / 8 + 8
    }

    mutating func next() -> [UInt8]? {
        switch phase {
        case .header:
            phase = .body
            var header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
            write(1, bits: 1)  // BFINAL
            write(1, bits: 2)  // BTYPE 01: fixed Huffman codes
            // The first zero is a literal, so that later back-references have a byte to copy.
            if literals > 0 {
                writeCode(0x30, length: 8)
                literals -= 1
            }
            header.append(contentsOf: flush())
            return header
        case .body:
            var chunk: [UInt8] = []
            chunk.reserveCapacity(GzipZeros.chunkSize + 8)
            while chunk.count < GzipZeros.chunkSize, matches > 0 {
                writeCode(0xC5, length: 8)  // length symbol 285: 258 bytes, no extra bits
                write(0, bits: 5)  // distance symbol 0: distance 1
                matches -= 1
                chunk.append(contentsOf: flush())
            }
            if matches == 0 {
                while literals > 0 {
                    writeCode(0x30, length: 8)
                    literals -= 1
                    chunk.append(contentsOf: flush())
                }
                write(0, bits: 7)  // end of block
                chunk.append(contentsOf: flush(all: true))
                phase = .trailer
            }
            return chunk
        case .trailer:
            phase = .done
            let crc = GzipZeros.crcOfZeros(count)
            let size = UInt32(truncatingIfNeeded: count)
            return [
                UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24),
                UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
            ]
        case .done:
            return nil
        }
    }

    /// Appends `value`'s low `count` bits, least significant first (deflate's bit order).
    private mutating func write(_ value: UInt64, bits count: Int) {
        bits |= value << UInt64(bitCount)
        bitCount += count
    }

    /// Appends a Huffman code, most significant bit first.
    private mutating func writeCode(_ code: UInt64, length: Int) {
        var reversed: UInt64 = 0
        for index in 0..<length where code >> UInt64(index) & 1 == 1 {
            reversed |= 1 << UInt64(length - 1 - index)
        }
        write(reversed, bits: length)
    }

    /// The whole bytes written so far (and the last partial one when `all`).
    private mutating func flush(all: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        while bitCount >= 8 || (all && bitCount > 0) {
            bytes.append(UInt8(bits & 0xFF))
            bits >>= 8
            bitCount = max(0, bitCount - 8)
        }
        return bytes
    }

    /// CRC-32 (IEEE) of `count` zero bytes.
    static func crcOfZeros(_ count: Int) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count {
            crc = table[Int(crc & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
