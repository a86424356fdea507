import Testing
@testable import CourierSpec

/// Two fields of a model travelling under one JSON key are an error at the second: the generated
/// coding keys had one raw value twice (no compile) or one field's value was lost.
@Suite struct WireKeyCheckTests {
    @Test func aRenamedKeyThatAnotherFieldUsesIsAnError() {
        #expect(diagnostics("""
            service: A
            models:
              Book:
                name: String
                title: { type: String, key: name }
                subtitle: { type: String?, key: sub }
                sub: String?
            """) == [
            "5:5: error: field 'title' of model 'Book' and field 'name' (line 4) both travel as 'name'; "
                + "give one of them another `key:`",
            "7:5: error: field 'sub' of model 'Book' and field 'subtitle' (line 6) both travel as 'sub'; "
                + "give one of them another `key:`",
        ])
    }

    @Test func namesThatMeetAfterSnakeCaseConversionAreAnError() {
        #expect(diagnostics("""
            service: A
            keys: snakeCase
            models:
              User:
                userID: Int
                user_id: Int
                ownerId: Int
                owner: { type: Int, key: owner_id }
            """) == [
            "6:5: error: field 'user_id' of model 'User' and field 'userID' (line 5) both travel as 'user_id'; "
                + "give one of them another `key:`",
            "8:5: error: field 'owner' of model 'User' and field 'ownerId' (line 7) both travel as 'owner_id'; "
                + "give one of them another `key:`",
        ])
    }

    @Test func withDefaultKeysTheSameNamesTravelApart() {
        #expect(diagnostics("""
            service: A
            models:
              User:
                userID: Int
                user_id: Int
            """) == [])
    }
}

/// With `keys: snakeCase` the service's encoder converts every coding key to snake_case, so a
/// `key:` that is not already in that form decodes but is sent under another name.
@Suite struct SnakeCaseKeyRoundTripTests {
    @Test func aKeyTheEncoderWouldConvertIsAWarning() {
        #expect(diagnostics("""
            service: A
            keys: snakeCase
            models:
              Pet:
                owner: { type: Int, key: ownerID }
                user: { type: Int, key: userId }
                createdAt: { type: Date, key: created_at }
                links: { type: JSON?, key: _links }
            """) == [
            "5:5: warning: field 'owner' of model 'Pet' has `key: ownerID`, which `keys: snakeCase` decodes but encodes as "
                + "'owner_id'; write the key as the encoder does, or use `keys: useDefaultKeys` with a `key:` for each "
                + "field that differs",
            "6:5: warning: field 'user' of model 'Pet' has `key: userId`, which `keys: snakeCase` decodes but encodes as "
                + "'user_id'; write the key as the encoder does, or use `keys: useDefaultKeys` with a `key:` for each "
                + "field that differs",
        ])
    }

    @Test func withDefaultKeysAnyKeyTravelsAsWritten() {
        #expect(diagnostics("service: A\nmodels:\n  Pet:\n    owner: { type: Int, key: ownerID }\n") == [])
    }
}
