import Mustache

// Direct key lookup for the render model, so rendering does not reflect with `Mirror` on every
// variable (which dominates render time on large specs). Each key must be listed: an unknown key
// returns `nil` and Mustache then looks the name up in the enclosing objects.

extension SpecRenderModel: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "sourceFileName": sourceFileName
        case "stem": stem
        case "namespace": namespace
        case "namespaceDocs": namespaceDocs
        case "namespaceSource": namespaceSource
        case "serviceNameLiteral": serviceNameLiteral
        case "environments": environments
        case "headers": headers
        case "timeout": timeout
        case "retry": retry
        case "cachePolicy": cachePolicy
        case "sensitiveNames": sensitiveNames
        case "hasSensitiveNames": !sensitiveNames.isEmpty
        case "authSchemes": authSchemes
        case "hasAuthSchemes": !authSchemes.isEmpty
        case "defaultAuthScheme": defaultAuthScheme
        case "dateFormat": dateFormat
        case "keyStrategy": keyStrategy
        case "errorEnvelope": errorEnvelope
        case "models": models
        case "endpoints": endpoints
        case "samples": samples
        case "sampleBodies": sampleBodies
        case "hasSamples": hasSamples
        case "waredEndpoints": waredEndpoints
        case "hasWaredEndpoints": hasWaredEndpoints
        case "clientTypeName": clientTypeName
        case "layout": effectiveLayout.description
        case "namedWares": namedWares
        case "hasNamedWares": hasNamedWares
        case "setsServiceOptions": setsServiceOptions
        default: nil
        }
    }
}

extension EnvironmentRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "caseName": caseName
        case "nameLiteral": nameLiteral
        case "urlLiteral": urlLiteral
        case "docs": docs
        case "source": source
        default: nil
        }
    }
}

extension HeaderRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "nameLiteral": nameLiteral
        case "valueLiteral": valueLiteral
        default: nil
        }
    }
}

extension ErrorEnvelopeRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "modelType": modelType
        case "codeFieldLiteral": codeFieldLiteral
        case "defaultCase": defaultCase
        case "statusBodies": statusBodies
        case "bodies": bodies
        case "eventCases": eventCases
        case "codeEvents": codeEvents
        case "hasCodeEvents": !codeEvents.isEmpty
        case "statusEvents": statusEvents
        case "headerEvents": headerEvents
        case "codeProperty": codeProperty
        case "source": source
        case "codeOptional": codeOptional
        default: nil
        }
    }
}

extension StatusBodyRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "status": status
        case "caseName": caseName
        case "modelType": modelType
        case "source": source
        default: nil
        }
    }
}

extension ServiceEventCaseRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "source": source
        default: nil
        }
    }
}

extension MatchRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "match": match
        case "caseName": caseName
        default: nil
        }
    }
}

extension KeyValueLiteral: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "key": key
        case "value": value
        default: nil
        }
    }
}

extension ModelRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "object": object
        case "enumeration": enumeration
        case "union": union
        case "layoutKey": layoutKey
        default: nil
        }
    }
}

extension ObjectRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "typeName": typeName
        case "docs": docs
        case "attributes": attributes
        case "fields": fields
        case "hasCodingKeys": hasCodingKeys
        case "hashable": hashable
        case "hasCustomDecoding": hasCustomDecoding
        case "hasCustomEncoding": hasCustomEncoding
        case "isEmpty": isEmpty
        case "hasDateFormats": hasDateFormats
        case "hasBase64": hasBase64
        case "wrapsInit": wrapsInit
        case "source": source
        default: nil
        }
    }
}

extension FieldRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "docs": docs
        case "type": type
        case "storedType": storedType
        case "defaultValue": defaultValue
        case "renamedKey": renamedKey
        case "wireKey": wireKey
        case "decodeMethod": decodeMethod
        case "encodeMethod": encodeMethod
        case "decodeType": decodeType
        case "decodeTypeArgument": decodeTypeArgument
        case "decodeFallback": decodeFallback
        case "base64": base64
        case "isNullable": isNullable
        case "isIndirect": isIndirect
        case "dateFormat": dateFormat
        case "source": source
        default: nil
        }
    }
}

extension EnumRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "typeName": typeName
        case "docs": docs
        case "attributes": attributes
        case "rawType": rawType
        case "cases": cases
        case "source": source
        default: nil
        }
    }
}

extension EnumCaseRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "docs": docs
        case "rawLiteral": rawLiteral
        case "source": source
        default: nil
        }
    }
}

extension AuthSchemeRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "constantName": constantName
        case "nameLiteral": nameLiteral
        case "docs": docs
        case "kind": kind.rawValue
        case "keyNameLiteral": keyNameLiteral
        case "rejectedStatuses": rejectedStatuses
        case "hasRejectedStatuses": !rejectedStatuses.isEmpty
        case "refresh": refresh
        case "source": source
        default: nil
        }
    }
}

extension TokenRefreshRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "factoryName": factoryName
        case "parameterLabel": parameterLabel
        case "accessToken": accessToken
        case "refreshToken": refreshToken
        case "expiresIn": expiresIn
        case "expiresInIsOptional": expiresInIsOptional
        default: nil
        }
    }
}

extension UnionRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "typeName": typeName
        case "docs": docs
        case "attributes": attributes
        case "discriminatorKey": discriminatorKey
        case "discriminatorName": discriminatorName
        case "cases": cases
        case "mismatchLiteral": mismatchLiteral
        case "hashable": hashable
        case "source": source
        default: nil
        }
    }
}

extension UnionCaseRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "name": name
        case "type": type
        case "wireValueLiteral": wireValueLiteral
        case "typeLiteral": typeLiteral
        case "docs": docs
        case "source": source
        default: nil
        }
    }
}

extension NamedWareRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "propertyName": propertyName
        case "name": name
        case "source": source
        default: nil
        }
    }
}

extension CachePolicyRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "mode": mode
        case "timeToLive": timeToLive
        default: nil
        }
    }
}

extension RetryRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "isDisabled": isDisabled
        case "attempts": attempts
        case "statuses": statuses
        case "hasStatuses": !statuses.isEmpty
        default: nil
        }
    }
}

extension AuthenticationRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "isNone": isNone
        case "scheme": scheme
        default: nil
        }
    }
}

extension DecodingRender: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "snakeCaseJSON": snakeCaseJSON
        case "media": media
        case "fileDestination": fileDestination
        default: nil
        }
    }
}

extension Base64Render: MustacheParent {
    /// The value of the template key `named`.
    public func child(named: String) -> Any? {
        switch named {
        case "shape", "isValue": shape == .value
        case "isList": shape == .list
        case "isDictionary": shape == .dictionary
        case "isLenient": isLenient
        default: nil
        }
    }
}
