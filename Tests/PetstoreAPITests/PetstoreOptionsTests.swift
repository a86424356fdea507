import Courier
import Foundation
import HTTPTypes
import PetstoreAPI
import Testing

/// A third-party ware's per-request setting: which tenant a call is made for.
private enum Tenant: OptionKey {
    static var defaultValue: String? { nil }
}

/// The same ware's per-service setting: which region the service runs in.
private enum Region: OptionKey {
    static var defaultValue: String { "unset" }
}

/// A third-party ware, defined outside Courier: sends the request's tenant (else the service's)
/// in `X-Tenant` and the service's region in `X-Region`.
private struct TenantHeaders: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let tenant = request.options[Tenant.self] ?? context.service.options[Tenant.self], let name = HTTPField.Name("X-Tenant") {
            request.http.headerFields[name] = tenant
        }
        if let name = HTTPField.Name("X-Region") { request.http.headerFields[name] = context.service.options[Region.self] }
        return try await next(request, context)
    }
}

/// A ware of the app's own has settings per request and per service, like the built-in wares.
@Suite struct PetstoreOptionsTests {
    @Test func aThirdPartyWareReadsItsOptionsFromAGeneratedRequestAndService() async throws {
        let harness = try PetstoreHarness(wares: [TenantHeaders()]) { service in
            service.options[Tenant.self] = "acme"
            service.options[Region.self] = "eu-west"
        }
        defer { harness.stop() }

        var request = Petstore.listPets(limit: 1)
        request.options[Tenant.self] = "globex"
        // The generated endpoint's own settings sit in the same options, untouched.
        #expect(request.cachePolicy == CachePolicy(.localThenRemote, timeToLive: .seconds(300)))
        #expect(harness.client.client.service.retry == RetryOptions(attempts: 3, statuses: [502, 503, 504]))

        let pets = try await harness.client.client.send(request)
        #expect(pets.count == 1)
        let sent = try #require(harness.server.server.requests.last)
        #expect(sent.header("X-Tenant") == "globex")
        #expect(sent.header("X-Region") == "eu-west")

        // A request that sets nothing gets the service's tenant.
        _ = try await harness.client.getPet(id: 1)
        let plain = try #require(harness.server.server.requests.last)
        #expect(plain.path == "/v1/pets/1")
        #expect(plain.header("X-Tenant") == "acme")
        #expect(plain.header("X-Region") == "eu-west")
    }

    @Test func withoutServiceSettingsTheWareFallsBackToTheKeysDefaults() async throws {
        let harness = try PetstoreHarness(wares: [TenantHeaders()])
        defer { harness.stop() }
        _ = try await harness.client.getPet(id: 1)
        let sent = try #require(harness.server.server.requests.last)
        #expect(sent.header("X-Tenant") == nil)
        #expect(sent.header("X-Region") == "unset")
    }
}
