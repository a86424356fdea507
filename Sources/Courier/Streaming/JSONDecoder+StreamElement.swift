import Foundation

extension JSONDecoder {
    /// Decodes one element of a stream (an event's data, a JSON line, a record) as Courier's
    /// stream readers do: bytes that are not valid UTF-8 read as U+FFFD, and, when this decoder
    /// converts keys from `snake_case`, a `DecodingError` naming the keys as they are on the wire
    /// (`finish_reason`, not `finishReason`). Generated event unions decode each case with it.
    ///
    /// ```swift
    /// let decoder = client.service.coding.makeDecoder()
    /// let joins = client.serverSentEvents(request) { event, data in
    ///     try event == "joined" ? decoder.decodeStreamElement(RoomJoin.self, from: data) : nil
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The element's type.
    ///   - data: The element's JSON.
    /// - Returns: The decoded element.
    /// - Throws: The `DecodingError` describing what did not fit.
    public func decodeStreamElement<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try ElementDecoding.json(type, from: data, decoder: self)
    }
}
