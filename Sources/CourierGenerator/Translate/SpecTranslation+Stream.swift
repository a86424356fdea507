import CourierSpec

extension SpecTranslation {
    /// The endpoint's `stream:` as the facade's stream call, with the event union enum when the
    /// events are keyed by name; `nil` when the endpoint does not stream (or, with an error
    /// logged, when a type cannot be spelled).
    mutating func translateStream(_ endpoint: Endpoint, functionName: String) -> StreamRender? {
        guard let stream = endpoint.stream else { return nil }
        let format: StreamRender.Format = switch stream.format.value {
        case .events: .serverSentEvents
        case .lines: .jsonLines
        case .sequence: .jsonTextSequence
        }
        var rendered: StreamRender
        switch stream.elements {
        case .single(let type):
            guard let element = speller.qualified(type.value) else {
                unvalidated("unknown element type '\(type.value)' of the stream", at: type.location)
                return nil
            }
            rendered = StreamRender(
                format: format, streamType: RuntimeTypeSpelling.streamType(format, of: element), elementType: element)
        case .byEvent(let declared):
            guard let union = eventUnion(declared, endpoint: endpoint, functionName: functionName) else { return nil }
            let element = namespace + "." + union.typeName
            rendered = StreamRender(
                format: format, streamType: RuntimeTypeSpelling.streamType(format, of: element), elementType: element,
                eventUnion: [union])
        }
        rendered.terminatorLiteral = stream.terminator.map { [SwiftLiteral.string($0.value)] } ?? []
        rendered.reconnects = stream.reconnect?.value ?? true
        rendered.idleTimeout = stream.idleTimeout.map { [SwiftLiteral.duration(seconds: $0.value)] } ?? []
        rendered.maximumElementSize = stream.maximumElementSize.map { [$0.value] } ?? []
        return rendered
    }

    /// `<Endpoint>Event`: one case per event name, in spec order.
    private mutating func eventUnion(
        _ declared: [StreamEventCase], endpoint: Endpoint, functionName: String
    ) -> EventUnionRender? {
        var scope = NameScope(reserved: ["unknown", "init"])
        var cases: [EventCaseRender] = []
        for eventCase in declared {
            guard let type = speller.local(eventCase.type.value) else {
                unvalidated("unknown type '\(eventCase.type.value)' of event '\(eventCase.name.value)'", at: eventCase.type.location)
                return nil
            }
            var rendered = EventCaseRender(
                name: scope.claim(SwiftIdentifier.member(eventCase.name.value)), type: type,
                eventLiteral: SwiftLiteral.string(eventCase.name.value),
                eventName: DocComment.code(eventCase.name.value))
            rendered.source = Self.source(eventCase.name.location)
            cases.append(rendered)
        }
        var union = EventUnionRender(
            typeName: memberScope.claim(SwiftIdentifier.type(endpoint.name.value) + "Event"),
            endpointName: SwiftIdentifier.plain(functionName), cases: cases)
        union.source = Self.source(endpoint.name.location)
        return union
    }
}
