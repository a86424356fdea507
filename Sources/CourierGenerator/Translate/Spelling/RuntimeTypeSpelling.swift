import CourierSpec

/// The runtime's types a facade or factory names that no spec type spells: stream types, upload
/// files and the progress callback.
enum RuntimeTypeSpelling {
    /// The type the `Client` method for `format` returns when its elements are `element`
    /// (qualified): `ServerSentEventStream<Chat.ChatChunk>`, `JSONLines<IdleLimitedChunks, Chat.LogEntry>`.
    static func streamType(_ format: StreamRender.Format, of element: String) -> String {
        switch format {
        case .serverSentEvents: "ServerSentEventStream<\(element)>"
        case .jsonLines: "JSONLines<IdleLimitedChunks, \(element)>"
        case .jsonTextSequence: "JSONTextSequence<IdleLimitedChunks, \(element)>"
        }
    }

    /// The type a multipart file part takes (`File` → `UploadFile`, keeping `?` and `[…]`); the
    /// runtime's multipart support provides `UploadFile`.
    static func filePart(_ type: TypeRef) -> String {
        switch type {
        case .optional(let wrapped): filePart(wrapped) + "?"
        case .array(let element): "[" + filePart(element) + "]"
        case .named, .dictionary: "UploadFile"
        }
    }

    /// The type of the facade's `progress` parameter.
    static let progress = "(@Sendable (TransferProgress) -> Void)?"
}
