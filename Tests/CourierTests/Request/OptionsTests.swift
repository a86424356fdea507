import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// A key whose value is optional but whose default is not `nil`: a missing value must read as
/// the default, a set `nil` as `nil`.
private enum Limit: OptionKey {
    static var defaultValue: Int? { 5 }
}

/// A key of the same value type as ``Limit``: keys are told apart by type, not by value type.
private enum OtherLimit: OptionKey {
    static var defaultValue: Int? { 7 }
}

/// A key with a non-optional value larger than an existential's inline buffer.
private enum Label: OptionKey {
    static var defaultValue: [String] { ["none"] }
}

/// A key a ware reads from the request, then from the service.
private enum Tag: OptionKey {
    static var defaultValue: String? { nil }
}

/// Sends the request's ``Tag``, else the service's, in `X-Tag`, and tells what it read about the
/// built-in settings in `X-Seen`.
private struct TagHeader: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let tag = request.options[Tag.self] ?? context.service.options[Tag.self], let name = HTTPField.Name("X-Tag") {
            request.http.headerFields[name] = tag
        }
        let seen = "\(request.cachePolicy?.mode.rawValue ?? "-") \(request.retry?.attempts ?? 0) \(request.coalesces)"
        if let name = HTTPField.Name("X-Seen") { request.http.headerFields[name] = seen }
        return try await next(request, context)
    }
}

@Suite("Options: typed settings for wares")
struct OptionsTests {
    @Test("an unset key reads as its default, even an optional key whose default is not nil")
    func defaults() {
        let options = Options()
        #expect(options.isEmpty)
        #expect(options[Limit.self] == 5)
        #expect(options[Label.self] == ["none"])
        #expect(!options.contains(Limit.self))
    }

    @Test("set, overwrite and remove; keys of the same value type stay apart")
    func setOverwriteRemove() {
        var options = Options()
        options[Limit.self] = 10
        options[Label.self] = ["a", "b", "c"]
        #expect(options[Limit.self] == 10)
        #expect(options[OtherLimit.self] == 7, "another key of the same value type is untouched")
        #expect(options[Label.self] == ["a", "b", "c"])
        options[Limit.self] = 11
        #expect(options[Limit.self] == 11)
        #expect(options[Label.self] == ["a", "b", "c"])
        options[Limit.self] = nil
        #expect(options[Limit.self] == nil, "a set nil is nil, not the default")
        #expect(options.contains(Limit.self))
        options.remove(Limit.self)
        #expect(options[Limit.self] == 5, "a removed key reads as its default again")
        #expect(!options.contains(Limit.self))
        options.remove(Label.self)
        #expect(options.isEmpty)
        options.remove(Label.self)  // removing an absent key changes nothing
        #expect(options.isEmpty)
    }

    @Test("a copy is independent of its original, whichever side changes")
    func valueSemantics() {
        var original = Options()
        original[Label.self] = ["first"]
        var copy = original
        copy[Label.self] = ["second"]
        copy[Limit.self] = 1
        #expect(original[Label.self] == ["first"])
        #expect(original[Limit.self] == 5)
        #expect(copy[Label.self] == ["second"])

        let snapshot = original
        original.remove(Label.self)
        original[OtherLimit.self] = 0
        #expect(snapshot[Label.self] == ["first"])
        #expect(snapshot[OtherLimit.self] == 7)
    }

    @Test("a request is made with empty options, and the built-in settings live in them")
    func builtInSettingsAreOptions() {
        var request = Request<Data>(method: .get, path: "/x")
        #expect(request.options.isEmpty)
        #expect(request.cachePolicy == nil && request.retry == nil && request.coalesces && request.authentication == .service)
        request.cachePolicy = CachePolicy(.remoteOnly)
        request.coalesces = false
        #expect(!request.options.isEmpty)
        var copy = request
        copy.options = Options()
        #expect(copy.cachePolicy == nil && copy.coalesces, "clearing the options clears the settings")
        #expect(request.cachePolicy == CachePolicy(.remoteOnly) && !request.coalesces)
    }

    @Test("wares read the request's options, then the service's, and the built-in settings, from the prepared request")
    func waresReadOptions() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/echo") { .echo($0) } },
            service: { $0.options[Tag.self] = "service" },
            wares: [TagHeader()]
        ) { _, client in
            let plain = Request<TestServer.Echo>(method: .get, path: "/echo")
            let fromService = try await client.send(plain)
            #expect(fromService.header("X-Tag") == "service")
            #expect(fromService.header("X-Seen") == "- 0 true")

            var tagged = plain
            tagged.options[Tag.self] = "request"
            tagged.cachePolicy = CachePolicy(.remoteOnly)
            tagged.retry = RetryOptions(attempts: 2)
            tagged.coalesces = false
            let fromRequest = try await client.send(tagged)
            #expect(fromRequest.header("X-Tag") == "request")
            #expect(fromRequest.header("X-Seen") == "remoteOnly 2 false")
        }
    }
}
