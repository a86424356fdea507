/// Keys in least-recently-used order, with O(1) use, insert and remove: a doubly linked list
/// over a dictionary of indices into a node array.
struct LRUOrder<Key: Hashable> {
    private struct Node {
        var key: Key
        var previous: Int?
        var next: Int?
    }

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var head: Int?  // least recently used
    private var tail: Int?  // most recently used

    /// How many keys there are.
    var count: Int { index.count }

    /// The least recently used key.
    var oldest: Key? { head.map { nodes[$0].key } }

    /// Marks `key` as used now, adding it if new.
    mutating func touch(_ key: Key) {
        if let position = index[key] {
            unlink(position)
            append(position)
            return
        }
        let node = Node(key: key, previous: nil, next: nil)
        let position: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            position = reused
        } else {
            nodes.append(node)
            position = nodes.count - 1
        }
        index[key] = position
        append(position)
    }

    /// Forgets `key`.
    mutating func remove(_ key: Key) {
        guard let position = index.removeValue(forKey: key) else { return }
        unlink(position)
        free.append(position)
    }

    /// The keys, least recently used first.
    var keys: [Key] {
        var result: [Key] = []
        var cursor = head
        while let position = cursor {
            result.append(nodes[position].key)
            cursor = nodes[position].next
        }
        return result
    }

    private mutating func unlink(_ position: Int) {
        let node = nodes[position]
        if let previous = node.previous { nodes[previous].next = node.next } else { head = node.next }
        if let next = node.next { nodes[next].previous = node.previous } else { tail = node.previous }
        nodes[position].previous = nil
        nodes[position].next = nil
    }

    private mutating func append(_ position: Int) {
        nodes[position].previous = tail
        nodes[position].next = nil
        if let tail { nodes[tail].next = position } else { head = position }
        tail = position
    }
}
