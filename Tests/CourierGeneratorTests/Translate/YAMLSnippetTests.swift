import CourierGenerator
import CourierSpec
import Testing

/// YAML in, Swift out, through the real loader.
@Suite struct YAMLSnippetTests {
    private func generate(_ yaml: String) throws -> [String: String] {
        let loaded = SpecLoader().load(source: yaml, file: "specs/snippet.courier.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return files
    }

    @Test func modelWithDefaultsAndRenamedKey() throws {
        let files = try generate("""
            courier: 1
            service: ShopAPI
            baseURL: https://shop.example.com
            models:
              Item:
                item_id: { type: Int, key: id }
                count: Int = 1
            """)
        let models = try #require(files["snippet.Models.swift"])
        #expect(models.contains("extension ShopAPI {"))
        #expect(models.contains("public init(itemId: Int, count: Int = 1)"))
        #expect(models.contains(#"self.itemId = try container.readInt("id")"#))
        #expect(models.contains(#"self.count = try container.readIntIfPresent("count") ?? 1"#))
        #expect(models.contains(#"try container.writeInt(self.itemId, "id")"#), "hand-written decoding brings encoding with it")
        #expect(!models.contains("CodingKeys"), "hand-written coding keys its containers with WireKey literals")
        #expect(files["snippet.Service.swift"]?.contains("public enum ShopAPI {") == true)
        #expect(files["snippet.Client.swift"]?.contains("public struct ShopAPIClient: Sendable {") == true)
    }

    @Test func retryAndIdempotencyKey() throws {
        let files = try generate("""
            courier: 1
            service: Shop
            baseURL: https://shop.example.com
            retry: { attempts: 4, statuses: [503] }
            endpoints:
              createOrder:
                post: /orders
                idempotencyKey: true
                retry: { attempts: 2 }
              upload:
                put: /photo
                retry: false
            """)
        let endpoints = files.filter { $0.key.hasSuffix("Endpoints.swift") }.values.joined()
        #expect(endpoints.contains(#"request.idempotencyKeyHeader = "Idempotency-Key""#))
        #expect(endpoints.contains("request.retry = RetryOptions(attempts: 2)"))
        #expect(endpoints.contains("request.retry = .never"))
        #expect(files["snippet.Service.swift"]?.contains("service.retry = RetryOptions(attempts: 4, statuses: [503])") == true)
    }

    @Test func errorEnvelopeWithoutCodeFieldGeneratesNone() throws {
        let files = try generate("""
            courier: 1
            service: Shop
            baseURL: https://shop.example.com
            errors: { model: Problem }
            models:
              Problem: { title: String }
            """)
        let service = try #require(files["snippet.Service.swift"])
        #expect(service.contains("public typealias Model = Problem"))
        #expect(!service.contains("codeField"), "no silent \"code\" default")
    }

    @Test func serviceCachePolicyAndUpdatesMethods() throws {
        let files = try generate("""
            courier: 1
            service: Shop
            baseURL: https://shop.example.com
            cache: { policy: localThenRemote, ttl: 1m }
            endpoints:
              listItems:
                get: /items
                response: "[String]"
              getItem:
                get: /items/{id}
                path: { id: Int }
                response: String
                cache: remoteOnly
            """)
        #expect(files["snippet.Service.swift"]?.contains("service.cachePolicy = CachePolicy(.localThenRemote, timeToLive: .seconds(60))") == true)
        let client = files.filter { $0.key.contains("Client.swift") }.values.joined()
        #expect(client.contains("public func listItemsUpdates() -> AsyncThrowingStream<Response<[String]>, any Error>"))
        #expect(!client.contains("getItemUpdates"), "remoteOnly has one answer")
    }

    @Test func endpointWithQueryDefaultsAndEmptyResponse() throws {
        let files = try generate("""
            courier: 1
            service: Shop
            baseURL: https://shop.example.com
            auth: none
            endpoints:
              clearCart:
                summary: Empties the cart.
                delete: /carts/{cart_id}
                path: { cart_id: String }
                query:
                  force: { type: Bool, default: false }
            """)
        let endpoints = try #require(files["snippet.Endpoints.swift"])
        #expect(endpoints.contains("""
                /// Empties the cart.
                ///
                /// - Remark: snippet.courier.yaml:6
                @inline(never)
                public static func clearCart(cartId: String, force: Bool = false) -> Request<Void> {
                    var request = Request<Void>(method: .delete, path: "/carts/{cart_id}", name: "clearCart")
                    request.setPathParameter("cart_id", to: cartId)
                    request.addQuery("force", force)
                    request.authentication = .none
                    return request
                }
            """))
        #expect(files["snippet.Client.swift"]?.contains("public func clearCart(cartId: String, force: Bool = false) async throws {") == true)
    }
}
