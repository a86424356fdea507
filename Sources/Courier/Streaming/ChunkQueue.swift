import Foundation

/// The chunks of a body a stream parser was handed and has not read yet: the one being scanned,
/// where the scan stands in it, those waiting behind it, and where the current one starts in the
/// body (for the positions errors report).
struct ChunkQueue: Sendable {
    /// The chunk being scanned.
    private(set) var chunk = Data()
    /// Where the scan stands in ``chunk``.
    var cursor = 0
    /// The offset in the body of ``chunk``'s first byte.
    private(set) var chunkOffset = 0
    private var queued: [Data] = []

    /// Whether ``chunk`` holds bytes not scanned yet.
    var hasUnread: Bool { cursor < chunk.count }

    /// Queues `next` behind what is not read yet (or makes it the current chunk when all is read).
    mutating func append(_ next: Data) {
        if cursor >= chunk.count, queued.isEmpty {
            chunkOffset += chunk.count
            chunk = next
            cursor = 0
        } else {
            queued.append(next)
        }
    }

    /// Moves on to the next queued chunk; `false` when none waits.
    mutating func advance() -> Bool {
        guard !queued.isEmpty else { return false }
        chunkOffset += chunk.count
        chunk = queued.removeFirst()
        cursor = 0
        return true
    }

    /// Lets go of every chunk (after the end or a failure), keeping the offset counted.
    mutating func release() {
        chunkOffset += chunk.count
        chunk = Data()
        cursor = 0
        queued = []
    }
}
