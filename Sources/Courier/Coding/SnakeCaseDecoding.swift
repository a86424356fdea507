import Foundation

extension ResponseDecoding where Expected: Decodable {
    /// Decodes the body as JSON, like ``json``, for services whose keys travel in `snake_case`
    /// (`keys: snakeCase`): a decoding error names the keys as they are on the wire
    /// (`missing key "is_prerelease"`, path `[0].is_prerelease`) rather than as the Swift
    /// properties the decoder converted them to. Generated factories of such services use it.
    public static var snakeCaseJSON: ResponseDecoding {
        ResponseDecoding { response, decoder in
            do {
                return try decoder.decode(Expected.self, from: response.collectedBody())
            } catch let error as DecodingError {
                throw SnakeCaseWireKeys.rewriting(error)
            }
        }
    }
}

/// Turns the Swift keys in a decoding error back into the `snake_case` keys of the wire.
enum SnakeCaseWireKeys {
    /// `error` with every key of its coding path (and a missing key) in `snake_case`.
    static func rewriting(_ error: DecodingError) -> DecodingError {
        switch error {
        case .typeMismatch(let type, let context): .typeMismatch(type, rewriting(context))
        case .valueNotFound(let type, let context): .valueNotFound(type, rewriting(context))
        case .keyNotFound(let key, let context): .keyNotFound(wire(key), rewriting(context))
        case .dataCorrupted(let context): .dataCorrupted(rewriting(context))
        @unknown default: error
        }
    }

    private static func rewriting(_ context: DecodingError.Context) -> DecodingError.Context {
        DecodingError.Context(
            codingPath: context.codingPath.map(wire), debugDescription: context.debugDescription,
            underlyingError: context.underlyingError)
    }

    private static func wire(_ key: any CodingKey) -> any CodingKey {
        if let index = key.intValue { return WireKey(intValue: index) }
        return WireKey(stringValue: snakeCase(key.stringValue))
    }

    /// `isPrerelease` → `is_prerelease`, `htmlURL` → `html_url`, `userID2` → `user_id2`: a `_`
    /// before an upper-case letter that follows a lower-case one, or that starts a word after an
    /// acronym; then lower case (the reverse of the decoder's `convertFromSnakeCase`).
    static func snakeCase(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    result.append("_")
                }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}
