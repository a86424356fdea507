import Testing
@testable import CourierSpec

/// `retry:` (service and endpoint) and `idempotencyKey:`: shapes, ranges, and the lint warning
/// for a retried POST or PATCH that has no key.
@Suite struct RetryCheckTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test func serviceAndEndpointSettingsParse() throws {
        let parsed = try spec(Self.header + """
            retry: { attempts: 4, statuses: [502, 503] }
            endpoints:
              upload:
                post: /photos
                retry: false
              create:
                post: /orders
                idempotencyKey: true
                retry: { attempts: 2 }
              put:
                put: /orders/{id}
                path: { id: Int }
                idempotencyKey: X-Request-Key
                retry: { statuses: 503 }
            """)
        guard case .limited(let attempts, let statuses, _)? = parsed.retry else { Issue.record("\(String(describing: parsed.retry))"); return }
        #expect(attempts?.value == 4)
        #expect(statuses.map(\.value) == [502, 503])
        guard case .disabled? = parsed.endpoints[0].retry else { Issue.record("upload"); return }
        #expect(parsed.endpoints[1].idempotencyKey?.value == "Idempotency-Key")
        #expect(parsed.endpoints[2].idempotencyKey?.value == "X-Request-Key")
        guard case .limited(nil, let single, _)? = parsed.endpoints[2].retry else { Issue.record("put"); return }
        #expect(single.map(\.value) == [503])
        #expect(diagnostics(Self.header + "retry: false\n").isEmpty)
    }

    @Test func badValuesAreErrorsAtTheValue() {
        #expect(diagnostics(Self.header + """
            retry: { attempts: 0, statuses: [99, "503", 600], tries: 3 }
            endpoints:
              a:
                get: /a
                retry: yes please
              b:
                put: /b
                idempotencyKey: "Bad Header"
            """) == [
            "3:20: error: `attempts` of `retry` must be a whole number from 1 to 100, found '0'",
            "3:34: error: a status in `retry` must be a whole number from 100 to 599, found '99'",
            "3:38: error: a status in `retry` must be a whole number from 100 to 599, found '503'",
            "3:45: error: a status in `retry` must be a whole number from 100 to 599, found '600'",
            "3:51: warning: unknown key 'tries' in `retry`",
            "7:12: error: `retry` of endpoint 'a' must be `false` or a mapping such as `{ attempts: 3, statuses: [502, 503] }`, found text",
            "10:21: error: `idempotencyKey` of endpoint 'b' must be `true`, `false` or a header name such as Idempotency-Key, found 'Bad Header'",
        ])
    }

    @Test func retriedPostWithoutKeyIsAWarning() {
        #expect(diagnostics(Self.header + """
            endpoints:
              create:
                post: /orders
                retry: { attempts: 3 }
              patch:
                patch: /orders/{id}
                path: { id: Int }
                retry: { statuses: [503] }
              keyed:
                post: /keyed
                retry: { attempts: 3 }
                idempotencyKey: true
              once:
                post: /once
                retry: { attempts: 1 }
            """) == [
            "6:12: warning: endpoint 'create' enables retry on POST without an idempotency key, so it is never retried "
                + "(a repeated POST could act twice); add `idempotencyKey: true`",
            "10:12: warning: endpoint 'patch' enables retry on PATCH without an idempotency key, so it is never retried "
                + "(a repeated PATCH could act twice); add `idempotencyKey: true`",
        ])
    }
}
