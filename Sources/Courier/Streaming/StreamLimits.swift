/// The limits that keep a streamed body's decoder in bounded memory.
public enum StreamLimits {
    /// How many bytes one element (a server-sent event, a JSON line, a JSON text sequence record)
    /// may hold unless the caller says otherwise: 1 MB. A decoder holds at most about this much
    /// (plus the chunk being read) however long the stream runs.
    public static let defaultMaximumElementSize = 1 << 20
}
