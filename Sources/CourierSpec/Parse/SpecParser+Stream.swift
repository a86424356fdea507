extension SpecParser {
    /// Keys of `stream:`.
    static let streamKeys: Set<String> = Set(StreamSetting.Format.allCases.map(\.rawValue))
        .union(["terminator", "reconnect", "idleTimeout", "maximumElementSize"])
    /// The runtime's names for the element size limit, one per format: a spec writes
    /// `maximumElementSize` for every format.
    static let runtimeSizeKeys: Set<String> = ["maximumEventSize", "maximumLineSize", "maximumRecordSize"]

    /// `stream: { events: ChatChunk, terminator: "[DONE]", reconnect: false, idleTimeout: 60s, maximumElementSize: 64KB }`,
    /// `stream: { events: { message: RoomMessage, joined: RoomJoin } }`, `stream: { lines: LogEntry }`
    /// or `stream: { sequence: Item }`: exactly one format key naming the element type.
    mutating func streamSetting(_ node: YAMLNode, what: String) -> StreamSetting? {
        guard node.pairs != nil else {
            log.error(
                "\(what) must be a mapping such as `{ events: ChatChunk }`, `{ lines: LogEntry }` or `{ sequence: Item }`, "
                    + "found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.streamKeys.union(Self.runtimeSizeKeys), in: what, log: &log)
        for pair in mapping.pairs where Self.runtimeSizeKeys.contains(pair.key) {
            log.warning(
                "unknown key '\(pair.key)' in \(what); did you mean 'maximumElementSize'? (one key for events, lines and records)",
                at: pair.keyLocation)
        }
        let formats = mapping.pairs.filter { StreamSetting.Format(rawValue: $0.key) != nil }
        for extra in formats.dropFirst() {
            log.error(
                "\(what) has both `\(formats[0].key)` and `\(extra.key)`; a stream has one format: "
                    + "`events` (Server-Sent Events), `lines` (JSON Lines) or `sequence` (JSON text sequence)",
                at: extra.keyLocation)
        }
        guard let formatPair = formats.first, let format = StreamSetting.Format(rawValue: formatPair.key) else {
            log.error(
                "\(what) needs the element type under one of `events` (Server-Sent Events), `lines` (JSON Lines) "
                    + "or `sequence` (JSON text sequence), such as `{ events: ChatChunk }`",
                at: node.location)
            return nil
        }
        let formatWhat = "`\(format.rawValue)` of \(what)"
        let elements: StreamSetting.Elements
        if format == .events, let pairs = formatPair.value.pairs {
            if pairs.isEmpty {
                log.error("\(formatWhat) needs at least one event name and its type, such as `{ message: RoomMessage }`", at: formatPair.value.location)
                return nil
            }
            elements = .byEvent(pairs.compactMap { pair in
                typeRef(pair.value, what: "event '\(pair.key)' in \(formatWhat)").map {
                    StreamEventCase(name: Located(pair.key, at: pair.keyLocation), type: $0)
                }
            })
        } else {
            if format != .events, formatPair.value.pairs != nil {
                log.error(
                    "\(formatWhat) must be one type; only `events` can map event names to types", at: formatPair.value.location)
                return nil
            }
            guard let type = typeRef(formatPair.value, what: "the elements of \(formatWhat)") else { return nil }
            elements = .single(type)
        }
        var setting = StreamSetting(format: Located(format, at: formatPair.keyLocation), elements: elements, location: node.location)
        if let pair = mapping.pair("terminator") {
            if format == .events {
                setting.terminator = text(pair.value, what: "`terminator` of \(what)")
            } else {
                log.error(
                    "`terminator` of \(what) applies to server-sent events only; a \(format == .lines ? "JSON Lines" : "JSON text sequence") "
                        + "stream ends with its body",
                    at: pair.keyLocation)
            }
        }
        if let pair = mapping.pair("reconnect") {
            if format == .events {
                setting.reconnect = boolean(pair.value, what: "`reconnect` of \(what)")
            } else {
                log.error(
                    "`reconnect` of \(what) applies to server-sent events only; a \(format == .lines ? "JSON Lines" : "JSON text sequence") "
                        + "stream has no standard way to resume",
                    at: pair.keyLocation)
            }
        }
        if let node = mapping.value("idleTimeout") { setting.idleTimeout = duration(node, what: "`idleTimeout` of \(what)") }
        if let node = mapping.value("maximumElementSize") {
            setting.maximumElementSize = size(node, what: "`maximumElementSize` of \(what)")
        }
        return setting
    }

    /// An unquoted `true` or `false`, or an error saying so.
    mutating func boolean(_ node: YAMLNode, what: String) -> Located<Bool>? {
        guard let text = text(node, what: what) else { return nil }
        guard node.scalar?.isPlain == true, text.value == "true" || text.value == "false" else {
            log.error("\(what) must be `true` or `false`, found '\(text.value)'", at: text.location)
            return nil
        }
        return Located(text.value == "true", at: text.location)
    }
}
