import Mustache

extension StreamRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "clientMethod": clientMethod
        case "streamType": streamType
        case "elementType": elementType
        case "arguments": arguments
        case "connects": connects
        case "isEvents": format == .events
        case "isLines": format == .lines
        case "isSequence": format == .sequence
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
        case "unionDocs": unionDocs
        case "cases": cases
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
        case "caseDocs": caseDocs
        default: nil
        }
    }
}
