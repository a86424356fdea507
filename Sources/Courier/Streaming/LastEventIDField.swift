import HTTPTypes

/// The `Last-Event-ID` a reconnect (or a resumed stream) sends for an event stream's last `id`.
enum LastEventIDField {
    /// `id` as a field value: without the spaces and tabs around it (as fetch trims a field
    /// value), or `nil` when it is empty then, or still not a valid field value (a control
    /// character, which an `id:` line may carry). The reconnect then goes without the field,
    /// as after an `id` that reset it, rather than fail as an invalid request at every attempt
    /// (and at every launch resuming from the saved `id`).
    static func value(for id: String) -> String? {
        let blanks: Set<Unicode.Scalar> = [" ", "\t"]
        let scalars = id.unicodeScalars
        guard let first = scalars.firstIndex(where: { !blanks.contains($0) }),
              let last = scalars.lastIndex(where: { !blanks.contains($0) })
        else { return nil }
        let trimmed = String(scalars[first...last])
        return HTTPField.isValidValue(trimmed) ? trimmed : nil
    }
}
