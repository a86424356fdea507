import CYAML

/// Pulls events out of libyaml's parser one at a time.
///
/// A class so that `deinit` frees the C parser and the input copy whatever way reading ends
/// (stream end, syntax error, or the caller stopping early at a second document).
final class LibYAMLEventReader {
    /// What `next()` produced.
    enum Step {
        /// An event; call `next()` again unless it was `streamEnd`.
        case event(LocatedEvent)
        /// libyaml gave up; no more events follow.
        case failure(YAMLSyntaxError)
    }

    private let file: String
    // libyaml keeps a pointer to the parser inside the parser (its read handler's data), so
    // the parser lives at a fixed heap address rather than in a movable Swift property.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    // The input must stay put while libyaml reads it.
    private let input: UnsafeMutableBufferPointer<UInt8>
    private let isInitialized: Bool

    /// Prepares to read `bytes` (UTF-8 text) from `file`.
    init(bytes: [UInt8], file: String) {
        self.file = file
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        isInitialized = yaml_parser_initialize(parser) == 1
        if isInitialized, let base = input.baseAddress {
            yaml_parser_set_input_string(parser, base, bytes.count)
        }
    }

    deinit {
        if isInitialized { yaml_parser_delete(parser) }
        parser.deinitialize(count: 1)
        parser.deallocate()
        input.deallocate()
    }

    /// The next event, or the error that ended reading.
    func next() -> Step {
        guard isInitialized else {
            return .failure(YAMLSyntaxError(problem: "could not start the YAML parser", problemLocation: origin))
        }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { return .failure(currentError()) }
        defer { yaml_event_delete(&event) }
        return .event(LocatedEvent(
            event: Self.convert(event), start: location(of: event.start_mark), end: location(of: event.end_mark)))
    }

    private var origin: SourceLocation { SourceLocation(file: file, line: 1, column: 1) }

    private func location(of mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func currentError() -> YAMLSyntaxError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "invalid YAML"
        if state.error == YAML_READER_ERROR {
            // Reader errors (bad encoding) carry a byte offset instead of a mark.
            return YAMLSyntaxError(problem: problem, problemLocation: location(ofByteOffset: Int(state.problem_offset)))
        }
        if state.error == YAML_MEMORY_ERROR {
            return YAMLSyntaxError(problem: "out of memory while reading YAML", problemLocation: origin)
        }
        let context = state.context.map { String(cString: $0) }
        return YAMLSyntaxError(
            problem: problem, problemLocation: location(of: state.problem_mark),
            context: context, contextLocation: context == nil ? nil : location(of: state.context_mark))
    }

    /// Line and column (in characters) of a byte offset into the input.
    private func location(ofByteOffset offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        // Indices, not `input.prefix(…)`: iterating that slice ran unspecialised in debug builds,
        // a heap allocation per byte (the fuzz smoke's one slow input under a loaded machine).
        for index in 0..<min(max(offset, 0), input.count) {
            let byte = input[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    private static func convert(_ event: yaml_event_t) -> YAMLEvent {
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(anchor: text(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT: return scalar(event)
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(anchor: text(event.data.sequence_start.anchor))
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return .mappingStart(anchor: text(start.anchor), isFlow: start.style == YAML_FLOW_MAPPING_STYLE)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd
        }
    }

    private static func scalar(_ event: yaml_event_t) -> YAMLEvent {
        let data = event.data.scalar
        let value: String
        if let bytes = data.value {
            value = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(data.length)), as: UTF8.self)
        } else {
            value = ""
        }
        let style: YAMLScalar.Style
        switch data.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .quoted
        case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
        default: style = text(data.tag) == "tag:yaml.org,2002:str" ? .quoted : .plain
        }
        return .scalar(YAMLScalar(text: value, style: style), anchor: text(data.anchor))
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
