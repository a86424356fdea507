import Courier
import Foundation
import PetstoreAPI
import Testing

/// Generated models write `==` field by field (see `FieldwiseEquatable`) and synthesize `hash(into:)`:
/// every field must take part in both, and equal values must hash alike.
@Suite struct PetstoreModelEqualityTests {
    private func pet() throws -> Petstore.Pet {
        Petstore.Pet(
            id: 1, name: "Rex", tag: "dog", status: .available, ownerID: 7, createdAt: Date(timeIntervalSince1970: 0),
            birthday: Date(timeIntervalSince1970: 86_400), photos: [try #require(URL(string: "https://img.example.com/rex.png"))],
            weight: 12.5, vaccinated: true, size: .large, attributes: ["color": "brown"], extra: .object(["a": .number(1)]),
            legacyCode: "R-1")
    }

    @Test func equalValuesAreEqualAndHashAlike() throws {
        let first = try pet()
        let second = try pet()
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test(arguments: [
        "id", "name", "tag", "status", "ownerID", "createdAt", "birthday", "photos", "weight", "vaccinated", "size",
        "attributes", "extra", "legacyCode",
    ])
    func everyFieldTakesPart(field: String) throws {
        let base = try pet()
        var changed = base
        switch field {
        case "id": changed.id = 2
        case "name": changed.name = "Max"
        case "tag": changed.tag = nil
        case "status": changed.status = .unknown("lost")
        case "ownerID": changed.ownerID = 8
        case "createdAt": changed.createdAt = Date(timeIntervalSince1970: 1)
        case "birthday": changed.birthday = nil
        case "photos": changed.photos = []
        case "weight": changed.weight = 12.25
        case "vaccinated": changed.vaccinated = false
        case "size": changed.size = .small
        case "attributes": changed.attributes = ["color": "black"]
        case "extra": changed.extra = .object(["a": .number(2)])
        case "legacyCode": changed.legacyCode = "R-2"
        default: Issue.record("no change written for \(field)")
        }
        #expect(changed != base, "\(field) does not take part in ==")
        #expect(Set([base, changed]).count == 2)
    }
}
