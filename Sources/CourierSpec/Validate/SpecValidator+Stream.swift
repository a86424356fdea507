extension SpecValidator {
    /// The case of a generated event union holding the events the spec does not list.
    static let unknownEventCase = "unknown"

    /// A streamed endpoint names known element types (neither `Empty` nor `File`), event names that
    /// become distinct Swift cases, and nothing that only makes sense for one whole document
    /// (`response:`, `media:`, `pagination:`, `responseHeaders:`, `cache:`).
    mutating func checkStream(_ endpoint: Endpoint, of what: String, types: TypeCheck) {
        guard let stream = endpoint.stream else { return }
        let elementsWhat = "the elements of the stream of \(what)"
        switch stream.elements {
        case .single(let type):
            checkElementType(type, what: elementsWhat, types: types)
        case .byEvent(let cases):
            var swiftNames: [String: Located<String>] = [:]
            for eventCase in cases {
                let name = eventCase.name
                checkElementType(eventCase.type, what: "event '\(name.value)' of the stream of \(what)", types: types)
                if name.value.isEmpty || name.value.holdsLineBreak {
                    log.error("event name '\(name.value)' of the stream of \(what) must be one line of text", at: name.location)
                    continue
                }
                checkIdentifier(name, what: "event name")
                guard SwiftName.becomesIdentifier(name.value) else { continue }
                let swiftName = SwiftName.lowerCamelCase(name.value)
                if swiftName == Self.unknownEventCase {
                    log.error(
                        "event '\(name.value)' of the stream of \(what) would become the case `unknown`, which holds the events "
                            + "the spec does not list; rename it",
                        at: name.location)
                } else if let other = swiftNames[swiftName] {
                    log.error(
                        "events '\(other.value)' (line \(other.location.line)) and '\(name.value)' of the stream of \(what) "
                            + "both become the case '\(swiftName)'",
                        at: name.location)
                } else {
                    swiftNames[swiftName] = name
                }
            }
        }
        if let terminator = stream.terminator, terminator.value.isEmpty {
            log.error("`terminator` of the stream of \(what) is empty; write the data that ends the stream, such as \"[DONE]\"", at: terminator.location)
        }
        let conflicts: [(key: String, location: SourceLocation?, reason: String)] = [
            ("response", endpoint.response?.location, "the stream's elements are the response"),
            ("media", endpoint.media.first?.name.location, "a stream has one media type, its format's"),
            ("pagination", endpoint.pagination?.location, "a stream is not paged"),
            ("responseHeaders", endpoint.responseHeaders.first?.name.location, "a stream's method returns its elements"),
            ("cache", endpoint.cache?.policy.location, "streams are never cached"),
        ]
        for conflict in conflicts {
            guard let location = conflict.location else { continue }
            log.error(
                "\(what) has both `stream:` (line \(stream.location.line)) and `\(conflict.key):`; "
                    + "\(conflict.reason), so remove `\(conflict.key):`",
                at: location)
        }
    }

    /// An element type exists and is decoded as JSON.
    private mutating func checkElementType(_ type: Located<TypeRef>, what: String, types: TypeCheck) {
        if type.value.names.contains(TypeCheck.empty) || type.value.mentionsFile {
            log.error(
                "\(what) cannot be '\(type.value)': each element of a stream is JSON, so name a model or a JSON type",
                at: type.location)
            return
        }
        types.checkNames(type, in: what, log: &log)
    }
}
