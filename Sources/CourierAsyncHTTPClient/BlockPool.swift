// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import Foundation

/// Blocks of memory a streamed response body is copied into on the event loop, handed to the
/// reader as `Data`, and taken back when the reader drops that `Data`.
///
/// Why copy at all: the event loop reads the socket into a buffer that SwiftNIO reuses only
/// when nothing else holds it. Handing that buffer itself to the reader made NIO allocate a
/// fresh 64 KB buffer for every read, which the kernel then had to fault in and fill cold
/// (measured on Linux: a 1 GiB download spent more time in page faults and `malloc` than
/// AsyncHTTPClient spent parsing, and ran at 0.6× the rate of a client that drops each read).
/// One copy into a block that was used a moment ago, and is still in the cache, costs less.
final class BlockPool: Sendable {
    /// Four of SwiftNIO's largest reads: one turn of the event loop fills about one block.
    static let blockSize = 256 << 10

    /// A block's address, owned by whoever holds it.
    struct Block: @unchecked Sendable {
        // @unchecked: a block has one owner at a time: the pool, a filler, or one `Data`.
        let pointer: UnsafeMutableRawPointer
    }

    /// How many free blocks the pool keeps; more are freed. Enough for one reader's
    /// `ByteChannel/highWater` with a block to spare.
    let capacity: Int

    private struct State {
        var free: [Block] = []
        /// Blocks taken and not given back: being filled, or in `Data` a reader holds.
        var outstanding = 0
        var peakOutstanding = 0
    }

    private let state = Locked(State())

    init(capacity: Int = 6) {
        self.capacity = capacity
    }

    deinit {
        for block in state.withLock({ $0.free }) { block.pointer.deallocate() }
    }

    /// How many free blocks the pool holds now.
    var freeCount: Int { state.withLock { $0.free.count } }

    /// The most blocks out of the pool at once so far: what the bodies streamed through it held
    /// (for tests of back-pressure).
    var peakOutstanding: Int { state.withLock { $0.peakOutstanding } }

    /// A free block, or a new one.
    func take() -> Block {
        let free = state.withLock { state -> Block? in
            state.outstanding += 1
            state.peakOutstanding = max(state.peakOutstanding, state.outstanding)
            return state.free.popLast()
        }
        return free ?? Block(pointer: .allocate(byteCount: BlockPool.blockSize, alignment: 64))
    }

    /// Takes `block` back, or frees it when the pool is full.
    func give(_ block: Block) {
        let kept = state.withLock { state in
            state.outstanding -= 1
            guard state.free.count < capacity else { return false }
            state.free.append(block)
            return true
        }
        if !kept { block.pointer.deallocate() }
    }

    /// The first `count` bytes of `block` as `Data` that gives the block back when released.
    func data(_ block: Block, count: Int) -> Data {
        Data(bytesNoCopy: block.pointer, count: count, deallocator: .custom { [self] _, _ in give(block) })
    }
}

/// Copies one streamed body's parts into ``BlockPool`` blocks and says when a block is ready
/// to hand over. Used only on the exchange's event loop.
struct BlockFiller {
    let pool: BlockPool
    private var block: BlockPool.Block?
    private var used = 0

    init(pool: BlockPool) {
        self.pool = pool
    }

    /// Copies `bytes` in; `emit` gets each block that became full, as `Data`.
    mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (Data) -> Void) {
        var rest = bytes
        while !rest.isEmpty {
            let current = block ?? pool.take()
            block = current
            let count = min(rest.count, BlockPool.blockSize - used)
            (current.pointer + used).copyMemory(from: rest.baseAddress!, byteCount: count)
            used += count
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(count))
            if used == BlockPool.blockSize {
                emit(pool.data(current, count: used))
                block = nil
                used = 0
            }
        }
    }

    /// What is copied in but not handed over yet, or `nil`: the block itself when it is at
    /// least half full, otherwise a copy of its bytes, so that a stream of small parts (events)
    /// does not hold a block per part; the block is kept for the next parts then.
    mutating func flush() -> Data? {
        guard let current = block, used > 0 else { return nil }
        defer { used = 0 }
        if used >= BlockPool.blockSize / 2 {
            block = nil
            return pool.data(current, count: used)
        }
        return Data(bytes: current.pointer, count: used)
    }

    /// Gives the block being filled back, its bytes dropped: the body failed or ended.
    mutating func discard() {
        if let current = block { pool.give(current) }
        block = nil
        used = 0
    }
}
#endif
