@testable import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// JSON against spec types, as the generated client would decode it.
@Suite struct SampleFitTests {
    private static let models = """
        courier: 1
        service: Shop
        baseURL: https://shop.example.com
        models:
          Pet:
            id: Int64
            name: String
            tag: String?
            status: PetStatus = available
            ownerID: { type: Int, key: owner_id }
            createdAt: { type: Date, key: created_at }
            birthday: { type: "Date?", format: date }
            photos: { type: "[URL]", default: [] }
            weight: Double?
            size: PetSize = 2
            attributes: "[String: String]?"
            extra: JSON?
            avatar: Data?
            token: UUID?
            count: Int32?
            milestone: { type: Milestone, nullable: true }
            note: { type: "String?", nullable: true }
          Milestone: { number: Int }
          PetStatus:
            enum: [available, pending, sold]
          PetSize:
            type: Int
            enum: [1, 2, 3]
          Event:
            union:
              discriminator: type
              cases: { created: Created, sold: Sold }
          Created: { type: String, at: Date }
          Sold: { type: String, price: Double }
          Label:
            union:
              cases: { name: String, details: Milestone }
        """

    private func fit(_ yaml: String = models, dates: DateFormat = .iso8601, snakeCase: Bool = false) throws -> SampleFit {
        let loaded = SpecLoader().load(source: yaml, file: "/nonexistent/shop.courier.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        let spec = try #require(loaded.specs.first)
        var models: [String: SampleFit.ModelEntry] = [:]
        for model in spec.models {
            models[model.name.value] = SampleFit.ModelEntry(model: model, snakeCaseKeys: spec.keyStrategy?.value == .snakeCase)
        }
        return SampleFit(models: models, dateFormat: dates, convertsFromSnakeCase: snakeCase)
    }

    private func problems(_ json: String, as type: String, with fit: SampleFit? = nil) throws -> [String] {
        let checker = try fit ?? self.fit()
        guard case .success(let value) = SampleJSON.parse(Data(json.utf8)) else {
            Issue.record("not JSON: \(json)")
            return []
        }
        return checker.mismatches(value, as: Build.type(type)).map { ($0.isWarning ? "warning: " : "") + $0.description }
    }

    private static let rex = #""id": 1, "name": "Rex", "owner_id": 7, "created_at": "2024-05-01T12:00:00Z", "milestone": null"#

    @Test func aFittingPetHasNoProblems() throws {
        #expect(try problems(#"[{\#(Self.rex)}, {\#(Self.rex), "tag": null, "status": "sold", "birthday": "2020-02-29", "photos": ["https://x.example/a.png"], "weight": 4, "size": 3, "attributes": {"a": "b"}, "extra": [1, {"x": null}], "avatar": "aGVs\nbG8=", "token": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "count": 7, "milestone": {"number": 1.0}, "note": null, "unrelated": true}]"#, as: "[Pet]") == [])
    }

    @Test func missingKeysWrongTypesAndNullsNameTheirPath() throws {
        let found = try problems(#"[{"id": 1, "name": 5, "created_at": "yesterday", "milestone": null}, {"id": 1.5, "name": null, "owner_id": "7", "created_at": "2024-05-01T12:00:00+02:00"}]"#, as: "[Pet]")
        #expect(found == [
            "at [0].name: expected String, found 5",
            "at [0]: missing key 'owner_id' of Pet",
            #"at [0].created_at: "yesterday" is not a date in the format iso8601 (such as 2024-05-01T12:00:00Z)"#,
            "at [1].id: expected an integer Int64, found 1.5",
            "at [1].name: null for Pet.name, which is a String and not optional",
            #"at [1].owner_id: expected Int, found "7""#,
            "at [1]: missing key 'milestone' of Pet (it may be null, but must be present)",
        ])
    }

    @Test func scalarsFollowTheDecodersRules() throws {
        let base = "{\(Self.rex), "
        #expect(try problems(base + #""count": 3000000000, "weight": "4", "token": "nope", "avatar": "abc=d", "photos": [""]}"#, as: "Pet") == [
            #"at photos[0]: "" is not a URL"#,
            #"at weight: expected Double, found "4""#,
            "at avatar: \"abc=d\" is not base64 text",
            #"at token: "nope" is not a UUID"#,
            "at count: 3000000000 does not fit in an Int32",
        ])
        #expect(try problems("true", as: "Int") == ["at the top level: expected Int, found true"])
        #expect(try problems("1", as: "Bool") == ["at the top level: expected Bool, found 1"])
        #expect(try problems("1e2", as: "Int") == [], "the decoder reads 1e2 as 100")
        #expect(try problems("1e300", as: "Float") == ["at the top level: 1e+300 does not fit in a Float"])
        #expect(try problems("null", as: "String?") == [])
        #expect(try problems("null", as: "[String]") == ["at the top level: expected a list ([String]), found null"])
        #expect(try problems("null", as: "Pet") == ["at the top level: null for a Pet that is not optional"])
    }

    @Test func datesFollowTheirFormat() throws {
        let seconds = try fit(dates: .secondsSince1970)
        #expect(try problems(#"{"id": 1, "name": "R", "owner_id": 7, "created_at": 1714564800.5, "birthday": "2024-13-01", "milestone": null}"#, as: "Pet", with: seconds) == [
            #"at birthday: "2024-13-01" is not a date in the format date (such as 2024-05-01)"#,
        ])
        #expect(try problems(#"{"id": 1, "name": "R", "owner_id": 7, "created_at": "2024-05-01T12:00:00Z", "milestone": null}"#, as: "Pet", with: seconds) == [
            #"at created_at: expected a date as a number (secondsSince1970), found "2024-05-01T12:00:00Z""#,
        ])
        #expect(try problems(#""2024-05-01t12:00:00.123456-0130""#, as: "Date") == [])
        #expect(try problems(#""2024-05-01T12:00:00""#, as: "Date").count == 1, "a timestamp needs its zone")
    }

    @Test func enumsAreLenientButAMisspeltCaseIsAWarning() throws {
        let base = "{\(Self.rex), "
        #expect(try problems(base + #""status": "retired", "size": 9}"#, as: "Pet") == [], "unknown values decode as .unknown")
        #expect(try problems(base + #""status": "availble"}"#, as: "Pet") == [
            #"warning: at status: "availble" is not a case of PetStatus, so it decodes as .unknown; did you mean 'available'?"#,
        ])
        #expect(try problems(base + #""status": 1, "size": "large"}"#, as: "Pet") == [
            "at status: expected PetStatus (a string), found 1",
            #"at size: expected PetSize (an integer), found "large""#,
        ])
    }

    @Test func unknownKeysCloseToAFieldAreWarnings() throws {
        #expect(try problems("{\(Self.rex), \"tagg\": \"x\", \"colour\": \"red\"}", as: "Pet") == [
            "warning: at the top level: key 'tagg' is not a field of Pet, so it is ignored; did you mean 'tag'?",
        ])
    }

    @Test func unionsPickTheirCaseOrTryThemInOrder() throws {
        #expect(try problems(#"[{"type": "created", "at": "2024-05-01T12:00:00Z"}, {"type": "sold", "price": "3"}, {"type": "lost"}]"#, as: "[Event]") == [
            #"at [1].price: expected Double, found "3""#,
        ])
        #expect(try problems(#"[{"at": "x"}, {"type": 3}, "sold"]"#, as: "[Event]") == [
            "warning: at [0]: no 'type', which says which case of Event this is, so it decodes as .unknown",
            "at [1].type: expected the case name of Event as a string, found 3",
            #"at [2]: expected Event (an object with `type`), found "sold""#,
        ])
        #expect(try problems(#"["bug", {"number": 2}, 3, {"name": "x"}]"#, as: "[Label]") == [
            "at [2]: 3 is none of the cases of Label (String, Milestone)",
            "at [3]: an object is none of the cases of Label (String, Milestone)",
        ])
    }

    @Test func snakeCaseKeysMatchAsTheDecoderConvertsThem() throws {
        let yaml = """
            courier: 1
            service: Stock
            baseURL: https://stock.example.com
            keys: snakeCase
            models:
              StockItem:
                itemID: Int
                inStock: Int
                lastCountedAt: { type: Date, key: last_counted_at }
            """
        let fit = try fit(yaml, snakeCase: true)
        #expect(try problems(#"{"item_id": 1, "in_stock": 2, "last_counted_at": "2024-05-01T12:00:00Z"}"#, as: "StockItem", with: fit) == [])
        let found = try problems(#"{"itemID": 1, "in_stock": 2}"#, as: "StockItem", with: fit)
        #expect(found == [
            "at the top level: missing key 'item_id' of StockItem",
            "at the top level: missing key 'last_counted_at' of StockItem",
            "warning: at the top level: key 'itemID' is not a field of StockItem, so it is ignored; did you mean 'item_id'?",
        ])
    }

    @Test func dictionariesAndNestedListsNameKeysAndIndices() throws {
        #expect(try problems(#"{"b": [1, "2"], "a b": [3]}"#, as: "[String: [Int]]") == [
            #"at b[1]: expected Int, found "2""#,
        ])
        #expect(try problems(#"{"a b": ["x"]}"#, as: "[String: [Int]]") == [
            #"at ["a b"][0]: expected Int, found "x""#,
        ])
    }

    @Test func reportsStopAtTheLimit() throws {
        let many = "[" + Array(repeating: "\"x\"", count: 50).joined(separator: ",") + "]"
        #expect(try problems(many, as: "[Int]").count == 10)
    }

    @Test func base64AsBase64DataReadsIt() {
        #expect(SampleFit.isBase64("aGVsbG8="))
        #expect(SampleFit.isBase64("aGVs\r\nbG8"))
        #expect(SampleFit.isBase64(""))
        #expect(!SampleFit.isBase64("aGVsbG8=a"))
        #expect(!SampleFit.isBase64("a"))
        #expect(!SampleFit.isBase64("aGVsbG8==="))
        #expect(!SampleFit.isBase64("aGV$"))
    }
}
