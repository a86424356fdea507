import Mustache

extension StreamRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "format", "clientMethod": format.rawValue
        case "isEvents": format == .serverSentEvents
        case "isLines": format == .jsonLines
        case "isSequence": format == .jsonTextSequence
        case "connects": connects
        case "streamType": streamType
        case "elementType": elementType
        case "terminatorLiteral": terminatorLiteral
        case "reconnects": reconnects
        case "idleTimeout": idleTimeout
        case "maximumElementSize": maximumElementSize
        case "eventUnion": eventUnion
        default: nil
        }
    }
}

extension EventUnionRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "typeName": typeName
        case "endpointName": endpointName
        case "cases": cases
        case "source": source
        default: nil
        }
    }
}

extension EventCaseRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "type": type
        case "eventLiteral": eventLiteral
        case "eventName": eventName
        case "isMessage": isMessage
        case "source": source
        default: nil
        }
    }
}
