import Courier
import CourierSpec
import HTTPTypes
import Testing

/// The spec language's word lists (``CourierSpec``) against the runtime's (``Courier``): the
/// generator spells each spec word as the runtime member of the same name (`cache: localOnly` →
/// `CachePolicy(.localOnly)`) but must not link the runtime, so the two lists are kept equal here.
/// This target is the one that links both the spec model and the runtime; each exhaustive switch
/// below stops compiling when a case is added on one side only.
@Suite struct SpecRuntimeVocabularyTests {
    @Test func cachePoliciesAreTheRuntimesModes() {
        #expect(CachePolicyMode.spellings == CachePolicy.Mode.allCases.map(\.rawValue))
        for mode in CachePolicy.Mode.allCases {
            switch mode {
            case .remoteOnly, .localOnly, .localElseRemote, .remoteElseLocal, .localThenRemote:
                #expect(CachePolicyMode(rawValue: mode.rawValue) != nil)
            }
        }
    }

    @Test func dateFormatsAreTheRuntimesFormats() {
        #expect(CourierSpec.DateFormat.spellings == Courier.DateFormat.allCases.map(\.rawValue))
    }

    @Test func keyStrategiesAreTheRuntimesStrategies() {
        func runtime(_ style: KeyStyle) -> JSONCoding.KeyStrategy {
            switch style {
            case .useDefaultKeys: .useDefaultKeys
            case .snakeCase: .snakeCase
            }
        }
        func spec(_ strategy: JSONCoding.KeyStrategy) -> KeyStyle {
            switch strategy {
            case .useDefaultKeys: .useDefaultKeys
            case .snakeCase: .snakeCase
            }
        }
        // Translate spells `keys:` as `.\(rawValue)`: the case names must match, not just the count.
        #expect(KeyStyle.allCases.map { "\(runtime($0))" } == KeyStyle.spellings)
        #expect(KeyStyle.allCases.allSatisfy { spec(runtime($0)) == $0 })
    }

    @Test func methodsAreHTTPRequestMethodsOfTheSameName() {
        // Translate spells a method as `.\(rawValue)`, a static member of `HTTPRequest.Method`.
        func runtime(_ method: HTTPMethod) -> HTTPRequest.Method {
            switch method {
            case .get: .get
            case .post: .post
            case .put: .put
            case .patch: .patch
            case .delete: .delete
            case .head: .head
            case .options: .options
            }
        }
        for method in HTTPMethod.allCases {
            #expect(runtime(method).rawValue == method.wireName)
        }
    }

    @Test func authSchemeTypesAreTheRuntimesKinds() {
        func runtime(_ kind: AuthSchemeKind, _ placement: APIKeyPlacement) -> AuthScheme.Kind {
            switch (kind, placement) {
            case (.bearer, _): .bearer
            case (.basic, _): .basic
            case (.apiKey, .header): .apiKeyHeader("k")
            case (.apiKey, .query): .apiKeyQuery("k")
            }
        }
        func spec(_ kind: AuthScheme.Kind) -> (AuthSchemeKind, APIKeyPlacement?) {
            switch kind {
            case .bearer: (.bearer, nil)
            case .basic: (.basic, nil)
            case .apiKeyHeader: (.apiKey, .header)
            case .apiKeyQuery: (.apiKey, .query)
            }
        }
        for kind in AuthSchemeKind.allCases {
            for placement in APIKeyPlacement.allCases {
                let back = spec(runtime(kind, placement))
                #expect(back.0 == kind)
                #expect(back.1 == (kind == .apiKey ? placement : nil))
            }
        }
    }
}
