import Courier
import Foundation
import FuzzSupport
import HubModels
import PetstoreModels

// Generated models decoding arbitrary JSON: whatever decodes must encode, and decoding that
// encoding must give the same value (absent and `null` kept apart, defaults, unions, base64,
// dates). The models are the generator's golden output for the Petstore spec and the
// union-heavy GitHub slice (`Linked/PetstoreGolden`, `Linked/HubGolden`), which the generator's
// golden tests keep equal to what it generates.
//
// Layout: a model byte (which type, as a value or in a list), then the JSON.

/// One model's round trip over the coding its service declares.
private struct RoundTrip: Sendable {
    let name: String
    let run: @Sendable (Data) -> Void

    init<Model: Codable & Equatable & Sendable>(_ model: Model.Type, _ coding: JSONCoding) {
        name = "\(model)"
        run = { data in
            // A decoder and encoder per input: they are classes, and making them is cheap next to JSON.
            let decoder = coding.makeDecoder()
            guard let value = try? decoder.decode(Model.self, from: data) else { return }
            let encoded: Data
            do { encoded = try coding.makeEncoder().encode(value) } catch {
                fuzzCheck(false, "\(Model.self) decoded but does not encode: \(error)")
                return
            }
            let text = String(decoding: encoded, as: UTF8.self)
            do {
                let again = try decoder.decode(Model.self, from: encoded)
                fuzzCheck(again == value, "\(Model.self) changed in a round trip:\n\(value)\n\(again)\nencoded: \(text)")
            } catch {
                fuzzCheck(false, "\(Model.self) does not decode its own encoding: \(error)\nencoded: \(text)")
            }
        }
    }
}

private let petstore = Petstore.service().coding
private let hub = Hub.service().coding
private let models: [RoundTrip] = [
    RoundTrip(Petstore.Pet.self, petstore), RoundTrip(Petstore.PetStatus.self, petstore),
    RoundTrip(Petstore.PetSize.self, petstore), RoundTrip(Petstore.NewPet.self, petstore),
    RoundTrip(Petstore.PetPatch.self, petstore), RoundTrip(Petstore.Owner.self, petstore),
    RoundTrip(Petstore.Credentials.self, petstore), RoundTrip(Petstore.TokenPair.self, petstore),
    RoundTrip(Petstore.Page.self, petstore), RoundTrip(Petstore.APIError.self, petstore),
    RoundTrip(Petstore.ValidationError.self, petstore),
    RoundTrip(Hub.FileContent.self, hub), RoundTrip(Hub.Milestone.self, hub), RoundTrip(Hub.User.self, hub),
    RoundTrip(Hub.Bot.self, hub), RoundTrip(Hub.Actor.self, hub), RoundTrip(Hub.LabelDetails.self, hub),
    RoundTrip(Hub.Label.self, hub), RoundTrip(Hub.CodeHit.self, hub), RoundTrip(Hub.CodeSearch.self, hub),
    RoundTrip(Hub.Stargazer.self, hub), RoundTrip(Hub.Event.self, hub), RoundTrip(Hub.Team.self, hub),
    RoundTrip(Hub.Repository.self, hub), RoundTrip(Hub.Owner.self, hub), RoundTrip(Hub.Issue.self, hub),
    RoundTrip(Hub.IssueUpdate.self, hub),
    // Lists, as most endpoints answer: an element failing fails the list, never changes it.
    RoundTrip([Petstore.Pet].self, petstore), RoundTrip([Hub.Event].self, hub), RoundTrip([Hub.Label].self, hub),
    RoundTrip([Hub.Actor].self, hub),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let model = models[input.number(below: models.count)]
    model.run(Data(input.rest()))
    return 0
}
