import HTTPTypes

/// Turns whatever a step of a call threw into what the caller catches: a ``CourierError``
/// that names the call, or `CancellationError` as it is.
enum CallFailure {
    /// Where the error was thrown.
    enum Origin {
        case ware(any Ware)
        case transport
        case decoding
        case encoding
    }

    /// `error` with this call's identity: errors of this call get it if they lack it; a
    /// foreign error (a ware's own, or another call's `CourierError`) is wrapped, so that it
    /// stays reachable as itself through ``CourierError/underlying``; a service's error
    /// envelope thrown bare (by a ware) is wrapped as ``CourierError/Reason/service(_:)``.
    static func decorate(_ error: any Error, request: PreparedRequest, context: CallContext, origin: Origin) -> any Error {
        if error is CancellationError { return error }
        if var error = error as? CourierError {
            guard let call = error.call else {
                error.call = identity(of: request, context: context)
                if error.secrets == nil { error.secrets = context.secrets(of: request) }
                return error
            }
            if call.callID == context.callID {
                if error.secrets == nil { error.secrets = context.secrets(of: request) }
                return error
            }
        }
        let reason: CourierError.Reason = if let failure = error as? any ServiceFailure {
            .service(failure)
        } else {
            switch origin {
            case .ware(let ware): .ware(ware: String(describing: type(of: ware)), error: error)
            case .transport: .transport(.other(error))
            case .decoding: .other(kind: .decoding, message: "\(error)", response: nil, underlying: error)
            case .encoding: .other(kind: .invalidRequest, message: "\(error)", response: nil, underlying: error)
            }
        }
        var wrapped = CourierError(reason, call: identity(of: request, context: context))
        wrapped.secrets = context.secrets(of: request)
        return wrapped
    }

    /// The identity of `context`'s call as `request` was when it failed: its URL without the
    /// values of sensitive query items, nor any of the call's secret values (a sensitive path
    /// parameter, a value a ware registered), which by-name redaction cannot find in a path.
    static func identity(of request: PreparedRequest, context: CallContext) -> CallIdentity {
        CallIdentity(
            endpoint: context.endpoint, method: request.http.method,
            url: context.secrets(of: request).scrub(context.service.redaction.redactedURL(of: request.http)),
            attempt: context.attempt, callID: context.callID)
    }
}
