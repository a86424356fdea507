import Courier

/// How a call failed, in the words both ``MetricsWare`` (its `kind` dimension) and ``TracingWare``
/// (its span's attributes) use, so that a dashboard and a trace of one call agree.
enum CallFailureKind {
    /// The word for a call the caller cancelled.
    static let cancelled = "cancelled"

    /// Whether `error` is the caller's cancellation rather than a failure of the call.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError
    }

    /// The `CourierError.Kind`'s name, ``cancelled`` for a cancellation, `nil` for another error.
    static func name(of error: any Error) -> String? {
        if let error = error as? CourierError { return error.kind.name }
        return isCancellation(error) ? cancelled : nil
    }

    /// A span's `error.type` for `error`: its ``name(of:)``, else the error's Swift type.
    static func errorType(of error: any Error) -> String {
        name(of: error) ?? "\(type(of: error))"
    }
}
