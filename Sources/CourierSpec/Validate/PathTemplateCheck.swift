/// Checks a path template (`/pets/{id}`) against the endpoint's `path:` parameters.
enum PathTemplateCheck {
    /// A `{name}` or `{+name}` in a path, with its character offset.
    struct Placeholder {
        /// The parameter's name (without a leading `+`).
        var name: String
        /// Whether it is written `{+name}`: a value of several segments, its `/` kept (RFC 6570).
        var isMultiSegment = false
        /// The offset of `{` in the path, in Unicode scalars (as libyaml counts columns).
        var offset: Int
    }

    /// Reports a path not starting with `/`, malformed braces, placeholders without a
    /// parameter, and parameters without a placeholder.
    static func check(_ endpoint: Endpoint, of what: String, log: inout DiagnosticLog) {
        let path = endpoint.path
        guard path.value.hasPrefix("/") else {
            log.error("the path of \(what) must start with '/', found '\(path.value)'", at: path.location)
            return
        }
        // Offsets become columns only where the text is its source; elsewhere, the path's start.
        guard let placeholders = placeholders(in: path, of: what, log: &log, verbatim: endpoint.pathIsVerbatim) else { return }
        let declared = Set(endpoint.pathParameters.map(\.name.value))
        var seen = Set<String>()
        for placeholder in placeholders {
            let location = endpoint.pathIsVerbatim ? at(path, offset: placeholder.offset) : path.location
            if let operatorCharacter = placeholder.name.first, "#./;?&=,!@|".contains(operatorCharacter) {
                log.error(
                    "placeholder '{\(placeholder.name)}' in the path of \(what) uses an RFC 6570 operator Courier does not "
                        + "support; write {name} for one segment or {+name} for several",
                    at: location)
                continue
            }
            if placeholder.isMultiSegment,
               let parameter = endpoint.pathParameters.first(where: { $0.name.value == placeholder.name }),
               parameter.type.value != .named("String") {
                log.error(
                    "path parameter '\(placeholder.name)' of \(what) is written {+\(placeholder.name)} (several segments), "
                        + "so it must be a String, not '\(parameter.type.value)'",
                    at: parameter.type.location)
            }
            if !seen.insert(placeholder.name).inserted {
                log.error("placeholder '{\(placeholder.name)}' appears twice in the path of \(what)", at: location)
            } else if !declared.contains(placeholder.name) {
                log.error(
                    "placeholder '{\(placeholder.name)}' in the path of \(what) has no parameter; declare it under "
                        + "`path:`, such as `path: { \(placeholder.name): Int }`"
                        + Suggestion.didYouMean(placeholder.name, among: declared),
                    at: location)
            }
        }
        for parameter in endpoint.pathParameters where !seen.contains(parameter.name.value) {
            log.error(
                "path parameter '\(parameter.name.value)' of \(what) does not appear in the path '\(path.value)'; "
                    + "write it as {\(parameter.name.value)}",
                at: parameter.name.location)
        }
    }

    /// The placeholders of `path`, or `nil` after reporting unbalanced or empty braces.
    static func placeholders(
        in path: Located<String>, of what: String, log: inout DiagnosticLog, verbatim: Bool = true
    ) -> [Placeholder]? {
        var result: [Placeholder] = []
        var open: (offset: Int, name: String)?
        let locate = { (offset: Int) in verbatim ? Self.at(path, offset: offset) : path.location }
        // Unicode scalars, as libyaml counts columns.
        for (offset, character) in path.value.unicodeScalars.enumerated() {
            switch character {
            case "{":
                guard open == nil else {
                    log.error("'{' inside a placeholder in the path of \(what)", at: locate(offset))
                    return nil
                }
                open = (offset, "")
            case "}":
                guard let current = open else {
                    log.error("'}' without '{' in the path of \(what)", at: locate(offset))
                    return nil
                }
                guard !current.name.isEmpty else {
                    log.error("empty placeholder '{}' in the path of \(what)", at: locate(current.offset))
                    return nil
                }
                if current.name.hasPrefix("+"), current.name.count > 1 {
                    result.append(Placeholder(name: String(current.name.dropFirst()), isMultiSegment: true, offset: current.offset))
                } else {
                    result.append(Placeholder(name: current.name, offset: current.offset))
                }
                open = nil
            default:
                open?.name.unicodeScalars.append(character)
            }
        }
        if let open {
            log.error("placeholder '{\(open.name)' in the path of \(what) is not closed with '}'", at: locate(open.offset))
            return nil
        }
        return result
    }

    /// The location of Unicode scalar `offset` of a path written as it reads (see
    /// ``Endpoint/pathIsVerbatim``).
    private static func at(_ path: Located<String>, offset: Int) -> SourceLocation {
        var location = path.location
        location.column += offset
        return location
    }
}
