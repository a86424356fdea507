import Mustache

extension EndpointRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "functionName": functionName
        case "plainFunctionName": plainFunctionName
        case "nameLiteral": nameLiteral
        case "docs": docs
        case "attributes": attributes
        case "responseType": responseType
        case "qualifiedResponseType": qualifiedResponseType
        case "returnsVoid": returnsVoid
        case "method": method
        case "pathLiteral": pathLiteral
        case "parameters": parameters
        case "pathItems": pathItems
        case "queryItems": queryItems
        case "headerItems": headerItems
        case "formItems": formItems
        case "hasForm": hasForm
        case "jsonBody": jsonBody
        case "rawBody": rawBody
        case "timeout": timeout
        case "cachePolicy": cachePolicy
        case "authentication": authentication
        case "retry": retry
        case "offersUpdates": offersUpdates
        case "idempotencyKeyHeader": idempotencyKeyHeader
        case "wares": wares
        case "hasWares": !wares.isEmpty
        case "shardKey": shardKey
        case "mutatesRequest": mutatesRequest
        case "genericClause": genericClause
        case "decoding": decoding
        case "media": media
        case "pagination": pagination
        case "wareProperties": wareProperties
        case "responseHeaders": responseHeaders
        case "fileBody": fileBody
        case "multipartBody": multipartBody
        case "methodParameters": methodParameters
        case "methodDocs": methodDocs
        case "reportsProgress": reportsProgress
        case "progressParameter": progressParameter
        case "customizesRequest": customizesRequest
        case "stream": stream
        case "source": source
        default: nil
        }
    }
}

extension ParameterRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "label": label
        case "declaration": declaration
        case "type": type
        case "qualifiedType": qualifiedType
        case "defaultValue": defaultValue
        default: nil
        }
    }
}

extension ParameterItemRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "keyLiteral": keyLiteral
        case "name": name
        case "value": value
        case "pathSetter": pathSetter
        default: nil
        }
    }
}

extension RawBodyRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "contentTypeLiteral": contentTypeLiteral
        default: nil
        }
    }
}

extension FileBodyRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "contentTypeName": contentTypeName
        default: nil
        }
    }
}

extension MultipartBodyRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        named == "parts" ? parts : nil
    }
}

extension MultipartPartRender: MustacheParent {
    /// The value of the template key `named`: the fields (`kind` as its raw value), and `isText`,
    /// `isFile`, `isData`, `isJSON` for the kind.
    public func child(named: String) -> Any? {
        switch named {
        case "kind": kind.rawValue
        case "keyLiteral": keyLiteral
        case "name": name
        case "value": value
        case "isOptional": isOptional
        case "isList": isList
        case "contentTypeLiteral": contentTypeLiteral
        case "isText": kind == .text
        case "isFile": kind == .file
        case "isData": kind == .data
        case "isJSON": kind == .json
        default: nil
        }
    }
}

extension EndpointSamplesRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "nameLiteral": nameLiteral
        case "method": method
        case "pathLiteral": pathLiteral
        case "responses": responses
        case "hasResponses": !responses.isEmpty
        default: nil
        }
    }
}

extension ResponseSampleRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "status": status
        case "headers": headers
        case "hasHeaders": !headers.isEmpty
        case "body": body
        default: nil
        }
    }
}

extension SampleBodyRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "propertyName": propertyName
        case "docs": docs
        case "dataExpression": dataExpression
        case "source": source
        default: nil
        }
    }
}

extension MediaRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "typeName": typeName
        case "functionName": functionName
        case "choices": choices
        case "source": source
        default: nil
        }
    }
}

extension MediaChoiceRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "acceptLiteral": acceptLiteral
        case "valueType": valueType
        case "decoding": decoding.rawValue
        case "acceptText": acceptText
        case "source": source
        default: nil
        }
    }
}

extension PaginationRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "style": style.rawValue
        case "parameterLiteral": parameterLiteral
        case "cursorProperty": cursorProperty
        case "itemType": itemType
        case "itemsProperty": itemsProperty
        case "itemsAreOptional": itemsAreOptional
        case "stopsAtEmptyPage": stopsAtEmptyPage
        default: nil
        }
    }
}

extension ResponseHeadersRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "typeName": typeName
        case "endpointName": endpointName
        case "fields": fields
        case "source": source
        default: nil
        }
    }
}

extension ResponseHeaderFieldRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "valueType": valueType
        case "headerName": headerName
        case "headerNameLiteral": headerNameLiteral
        case "readsText": readsText
        case "source": source
        default: nil
        }
    }
}
