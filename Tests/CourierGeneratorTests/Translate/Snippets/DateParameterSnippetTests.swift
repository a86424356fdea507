import CourierGenerator
import CourierSpec
import Testing

/// Dates in parameters travel as the spec's dates do: the service's `dates:` unless the parameter
/// says otherwise with `format:`, and an HTTP date on a field defined to hold one.
@Suite struct DateParameterSnippetTests {
    private static let spec = """
        courier: 1
        service: Ledger
        baseURL: https://ledger.example.com
        dates: secondsSince1970
        endpoints:
          entries:
            get: /entries/{day}
            path: { day: { type: Date, format: date } }
            query:
              since: Date
              until: "Date?"
              days: { type: "[Date]?", format: date }
              marks: "[Date]"
              at: { type: Date, format: iso8601 }
              limit: Int?
            headers:
              If-Modified-Since: "Date?"
              X-As-Of: { type: Date, format: millisecondsSince1970 }
            response: "[String]"
          record:
            post: /entries
            form: { when: Date, note: String }
            response: Empty
          attach:
            post: /entries/attachments
            multipart:
              takenOn: { type: Date, format: date }
              seen: "[Date]?"
              caption: String
            response: Empty
        """

    @Test func datesTakeTheServiceFormatUnlessTheParameterNamesOne() async throws {
        let (files, diagnostics) = try await Typecheck.yaml(Self.spec)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let endpoints = try #require(files["snippet.Endpoints.swift"])
        for line in [
            #"request.setPathParameter("day", to: FormattedDate(day, format: .date))"#,
            #"request.addQuery("since", FormattedDate(since, format: .secondsSince1970))"#,
            #"request.addQuery("until", until.map { FormattedDate($0, format: .secondsSince1970) })"#,
            #"request.addQuery("days", days.map { $0.map { FormattedDate($0, format: .date) } })"#,
            #"request.addQuery("marks", marks.map { FormattedDate($0, format: .secondsSince1970) })"#,
            #"request.addQuery("at", FormattedDate(at, format: .iso8601))"#,
            #"request.addQuery("limit", limit)"#,
            // An HTTP date field: the runtime writes the date as HTTP does.
            #"request.addHeader("If-Modified-Since", ifModifiedSince)"#,
            #"request.addHeader("X-As-Of", FormattedDate(xAsOf, format: .millisecondsSince1970))"#,
            #"fields.add("when", FormattedDate(when, format: .secondsSince1970))"#,
            #"form.add("takenOn", FormattedDate(takenOn, format: .date))"#,
            #"form.add("seen", seen.map { $0.map { FormattedDate($0, format: .secondsSince1970) } })"#,
            #"form.add("caption", caption)"#,
        ] {
            #expect(endpoints.contains(line), "missing \(line)")
        }
    }

    @Test func iso8601ServicesSendDatesAsTheyAre() async throws {
        let spec = Self.spec.replacingOccurrences(of: "dates: secondsSince1970\n", with: "")
        let (files, _) = try await Typecheck.yaml(spec)
        let endpoints = try #require(files["snippet.Endpoints.swift"])
        #expect(endpoints.contains(#"request.addQuery("since", since)"#))
        #expect(endpoints.contains(#"request.addQuery("days", days.map { $0.map { FormattedDate($0, format: .date) } })"#))
    }

    @Test func aFormatOnAParameterWithoutDatesIsAWarning() {
        let loaded = SpecLoader().load(source: """
            service: Ledger
            baseURL: https://ledger.example.com
            endpoints:
              entries:
                get: /entries
                query: { limit: { type: Int, format: date } }
            """, file: "specs/snippet.courier.yaml")
        let messages = loaded.diagnostics.map(\.description)
        #expect(messages.contains { $0.contains("`format` only applies to dates, but query parameter 'limit'") }, "\(messages)")
        #expect(!messages.contains { $0.contains("unknown key") }, "\(messages)")
    }
}
