import CourierSpec

extension SpecTranslation {
    /// The endpoint's `stream:` as the facade's stream call, with the event union enum when the
    /// events are keyed by name; `nil` when the endpoint does not stream (or, with an error
    /// logged, when a type cannot be spelled).
    mutating func translateStream(_ endpoint: Endpoint, functionName: String) -> StreamRender? {
        guard let stream = endpoint.stream else { return nil }
        var options: [String] = []
        if let terminator = stream.terminator { options.append("terminator: " + SwiftLiteral.string(terminator.value)) }
        if stream.reconnect?.value == false { options.append("reconnection: .disabled") }
        if let idle = stream.idleTimeout { options.append("idleTimeout: " + SwiftLiteral.duration(seconds: idle.value)) }
        if let size = stream.maximumElementSize {
            // The runtime names the limit after the format's element.
            let label = switch stream.format.value {
            case .events: "maximumEventSize"
            case .lines: "maximumLineSize"
            case .sequence: "maximumRecordSize"
            }
            options.append("\(label): \(size.value)")
        }
        switch stream.elements {
        case .single(let type):
            guard let element = speller.qualified(type.value) else {
                log.error("unknown element type '\(type.value)' of the stream", at: type.location)
                return nil
            }
            let of = "of: \(element).self"
            switch stream.format.value {
            case .events:
                return StreamRender(
                    clientMethod: "serverSentEvents", streamType: "ServerSentEventStream<\(element)>", elementType: element,
                    arguments: ["request", of] + options, connects: false, format: .events)
            case .lines:
                return StreamRender(
                    clientMethod: "jsonLines", streamType: "JSONLines<IdleLimitedChunks, \(element)>", elementType: element,
                    arguments: ["request", of] + options, connects: true, format: .lines)
            case .sequence:
                return StreamRender(
                    clientMethod: "jsonTextSequence", streamType: "JSONTextSequence<IdleLimitedChunks, \(element)>",
                    elementType: element, arguments: ["request", of] + options, connects: true, format: .sequence)
            }
        case .byEvent(let declared):
            guard let union = eventUnion(declared, endpoint: endpoint, functionName: functionName) else { return nil }
            let element = namespace + "." + union.typeName
            return StreamRender(
                clientMethod: "serverSentEvents", streamType: "ServerSentEventStream<\(element)>", elementType: element,
                arguments: ["request"] + options, connects: false, format: .events, eventUnion: [union])
        }
    }

    /// `<Endpoint>Event`: one case per event name, in spec order.
    private mutating func eventUnion(
        _ declared: [StreamEventCase], endpoint: Endpoint, functionName: String
    ) -> EventUnionRender? {
        var scope = NameScope(reserved: ["unknown", "init"])
        var cases: [EventCaseRender] = []
        for eventCase in declared {
            guard let type = speller.local(eventCase.type.value) else {
                log.error("unknown type '\(eventCase.type.value)' of event '\(eventCase.name.value)'", at: eventCase.type.location)
                return nil
            }
            let shownName = eventCase.name.value.replacingOccurrences(of: "`", with: "'")
            let docs = eventCase.name.value == "message"
                ? ["/// A `message` event (or one without an `event:` field): its data as `\(type)`."]
                : ["/// A `\(shownName)` event: its data as `\(type)`."]
            cases.append(EventCaseRender(
                name: scope.claim(SwiftIdentifier.member(eventCase.name.value)), type: type,
                eventLiteral: SwiftLiteral.string(eventCase.name.value), caseDocs: docs))
        }
        let endpointName = SwiftIdentifier.plain(functionName)
        return EventUnionRender(
            typeName: memberScope.claim(SwiftIdentifier.type(endpoint.name.value) + "Event"),
            endpointName: endpointName,
            unionDocs: ["/// The server-sent events of ``\(endpointName)``, told apart by their event name."],
            cases: cases)
    }
}
