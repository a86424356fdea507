import Foundation

/// Test payloads of any size whose bytes are not all alike (every byte value, CR and LF among
/// them), so that a dropped, repeated or reordered chunk changes the result.
///
/// Byte `i` is `i * multiplier + seed + (i >> shift)`, truncated to 8 bits. It is written through
/// a raw buffer: `Data((0..<count).map { … })` takes seconds for a few megabytes in a debug build,
/// on one of the two threads every other test runs on.
///
/// ```swift
/// let payload = PatternedBytes.make(8 << 20)
/// ```
public enum PatternedBytes {
    /// `count` patterned bytes.
    public static func make(_ count: Int, multiplier: Int = 31, seed: Int = 0, shift: Int = 8) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { buffer in
            guard let bytes = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var index = 0
            while index < count {
                bytes[index] = UInt8(truncatingIfNeeded: index &* multiplier &+ seed &+ (index >> shift))
                index += 1
            }
        }
        return data
    }
}
