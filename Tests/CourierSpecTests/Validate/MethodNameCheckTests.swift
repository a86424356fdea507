import Testing
@testable import CourierSpec

@Suite struct MethodNameCheckTests {
    @Test func anEndpointNamedLikeAnotherEndpointsGeneratedMethodIsAnError() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com
            endpoints:
              etag:
                get: /etag
                response: String
                cache: localThenRemote
              etagUpdates:
                get: /etag/updates
                response: String
              issues:
                get: /issues
                query: { page: Int? }
                response: [String]
                pagination: { style: page, parameter: page }
                responseHeaders: { ETag: String? }
              issuesItems: { get: /issues/items }
              issuesWithHeaders: { get: /issues/headers }
            """) == [
            "8:3: error: endpoint 'etagUpdates' has the name of the method 'etagUpdates(…)' that endpoint 'etag' "
                + "(line 4) gets for its `localThenRemote` cache's stream; rename one of them",
            "17:3: error: endpoint 'issuesItems' has the name of the method 'issuesItems(…)' that endpoint 'issues' "
                + "(line 11) gets for its `pagination:`; rename one of them",
            "18:3: error: endpoint 'issuesWithHeaders' has the name of the method 'issuesWithHeaders(…)' that "
                + "endpoint 'issues' (line 11) gets for its `responseHeaders:`; rename one of them",
        ])
    }

    @Test func theNameIsFreeWhenTheOtherEndpointGetsNoSuchMethod() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com
            endpoints:
              etag: { get: /etag, response: String }
              etagUpdates: { get: /etag/updates, response: String }
              issuesPages: { get: /pages }
            """) == [])
    }
}
