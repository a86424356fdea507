/// Builds one document's node tree from libyaml's events: nesting, anchors and aliases.
///
/// Works with an explicit stack rather than recursion, and caps nesting depth and alias
/// expansion, so that hostile input ends in a diagnostic rather than a crash or a hang.
struct YAMLTreeBuilder {
    /// Deeper nesting is rejected; no spec needs more, and later stages recurse over the tree.
    static let maximumDepth = 128
    /// What aliases may add to a document ("billion laughs"): this many nodes and bytes of text
    /// on top of ``expansionFactor`` times what the file itself spells out up to the alias. The
    /// tree a spec produces is thereby bounded by a small multiple of the file's size, and so is
    /// the Swift generated from it.
    static let expansionAllowance = Size(nodes: 10_000, bytes: 256 * 1024)
    /// How many times its own size a document may grow through aliases, above the allowance.
    static let expansionFactor = 8

    /// A count of nodes and of the scalar text they hold.
    struct Size {
        var nodes: Int
        var bytes: Int

        static func + (lhs: Size, rhs: Size) -> Size { Size(nodes: lhs.nodes + rhs.nodes, bytes: lhs.bytes + rhs.bytes) }
        static func += (lhs: inout Size, rhs: Size) { lhs = lhs + rhs }
    }

    /// What feeding an event led to.
    enum Progress {
        /// The document's root is not complete yet.
        case needsMore
        /// The document's root is complete.
        case finished(YAMLNode)
        /// The input cannot be turned into a tree; the reason is in the log.
        case failed
    }

    private struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        var start: SourceLocation
        var anchor: String?
        // For mappings: key, value, key, value, …
        var children: [YAMLNode] = []
        var weight = Size(nodes: 1, bytes: 0)
    }

    private struct Anchored {
        var node: YAMLNode
        var weight: Size
    }

    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    /// What the file spells out itself, so far.
    private var written = Size(nodes: 0, bytes: 0)
    /// What aliases added, so far.
    private var expanded = Size(nodes: 0, bytes: 0)

    /// Feeds the next node event (not stream or document events).
    mutating func add(_ located: LocatedEvent, log: inout DiagnosticLog) -> Progress {
        switch located.event {
        case .scalar(let scalar, let anchor):
            let node = YAMLNode(content: .scalar(scalar), location: located.start, end: located.end)
            let size = Size(nodes: 1, bytes: scalar.text.utf8.count)
            written += size
            return complete(node, weight: size, anchor: anchor, log: &log)
        case .alias(let name):
            return resolveAlias(name, at: located.start, log: &log)
        case .sequenceStart(let anchor):
            return open(Frame(isMapping: false, isFlow: false, start: located.start, anchor: anchor), log: &log)
        case .mappingStart(let anchor, let isFlow):
            return open(Frame(isMapping: true, isFlow: isFlow, start: located.start, anchor: anchor), log: &log)
        case .sequenceEnd, .mappingEnd:
            return close(at: located.end, log: &log)
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            return .needsMore
        }
    }

    private mutating func open(_ frame: Frame, log: inout DiagnosticLog) -> Progress {
        written.nodes += 1
        guard stack.count < Self.maximumDepth else {
            log.error("YAML nesting is deeper than \(Self.maximumDepth) levels", at: frame.start)
            return .failed
        }
        stack.append(frame)
        return .needsMore
    }

    private mutating func close(at end: SourceLocation, log: inout DiagnosticLog) -> Progress {
        guard let frame = stack.popLast() else { return .needsMore }
        let content: YAMLNode.Content
        if frame.isMapping {
            content = .mapping(YAMLMappingAssembler.assemble(frame.children, isFlow: frame.isFlow, log: &log))
        } else {
            content = .sequence(frame.children)
        }
        let node = YAMLNode(content: content, location: frame.start, end: end)
        return complete(node, weight: frame.weight, anchor: frame.anchor, log: &log)
    }

    private mutating func resolveAlias(_ name: String, at location: SourceLocation, log: inout DiagnosticLog) -> Progress {
        guard let anchored = anchors[name] else {
            log.error("unknown anchor '\(name)': an alias (*\(name)) must come after its anchor (&\(name))", at: location)
            // An empty value keeps the surrounding structure readable for further checks.
            let placeholder = YAMLNode(content: .scalar(YAMLScalar(text: "", style: .plain)), location: location, end: location)
            return complete(placeholder, weight: Size(nodes: 1, bytes: 0), anchor: nil, log: &log)
        }
        expanded += anchored.weight
        let limit = Size(
            nodes: Self.expansionAllowance.nodes + Self.expansionFactor * written.nodes,
            bytes: Self.expansionAllowance.bytes + Self.expansionFactor * written.bytes)
        guard expanded.nodes <= limit.nodes, expanded.bytes <= limit.bytes else {
            let what = expanded.nodes > limit.nodes
                ? "\(expanded.nodes) nodes, more than the \(limit.nodes) allowed"
                : "\(expanded.bytes) bytes of text, more than the \(limit.bytes) allowed"
            log.error(
                "alias *\(name) makes this file's aliases expand to \(what) for a file of its size; "
                    + "aliases nested in anchored content grow exponentially, so flatten the anchors",
                at: location)
            return .failed
        }
        return complete(anchored.node, weight: anchored.weight, anchor: nil, log: &log)
    }

    private mutating func complete(_ node: YAMLNode, weight: Size, anchor: String?, log: inout DiagnosticLog) -> Progress {
        if let anchor { anchors[anchor] = Anchored(node: node, weight: weight) }
        guard !stack.isEmpty else { return .finished(node) }
        stack[stack.count - 1].children.append(node)
        stack[stack.count - 1].weight += weight
        return .needsMore
    }
}
