import Foundation

extension KeyedDecodingContainer where Key == WireKey {
    /// `error`, with the field it happened at when the decoder did not say.
    ///
    /// Why: Foundation's `JSONDecoder` (swift-foundation, Linux included) reads a number when a
    /// field asks for it, and a number the type asked for cannot hold (`1.5` or `2147483648` for
    /// an `Int32`, `1e300` for a `Float`, `99999999999999999999` for an `Int64`) fails with an
    /// empty coding path: as `dataCorrupted`, or as Foundation's internal `JSONError`, which
    /// `JSONDecoder.decode` turns into "The given data was not valid JSON." with no path. A caller
    /// saw no field and was told that valid JSON was invalid. Those two shapes are rewritten to
    /// `dataCorrupted` at the field, the original kept as the underlying error; any other error
    /// (one naming its path, a type's own error) is passed on as it is.
    ///
    /// Only the scalar helpers (`readInt32` and the rest) do this. The generic ones (`read`,
    /// `readIfPresent`) are specialised into the generated module, where the same catch cost
    /// 31 KB on Benchmarks/generator's API (issue #29 counts those bytes); a number out of range
    /// in an array of scalars is still reported by `JSONDecoder` alone, without its field, the
    /// number shown in the underlying error (`numberIsNotRepresentableInSwift(parsed: "…")`).
    func located(_ error: any Error, at name: String, as type: Any.Type) -> any Error {
        let said: String
        let underlying: (any Error)?
        if case DecodingError.dataCorrupted(let context) = error {
            guard context.codingPath.isEmpty else { return error }
            (said, underlying) = (context.debugDescription, context.underlyingError)
        } else if String(describing: Swift.type(of: error)) == "JSONError" {
            // Internal to Foundation, so known only by its name.
            (said, underlying) = ("\(error)", error)
        } else {
            return error
        }
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath + [WireKey(stringValue: name)],
            debugDescription: "The value cannot be read as \(type): a number too large for it or with a fraction it cannot hold, "
                + "or text that is not valid JSON (the decoder said: \(said))",
            underlyingError: underlying))
    }
}
