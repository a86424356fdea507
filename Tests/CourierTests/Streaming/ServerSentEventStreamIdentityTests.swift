import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

private struct Tick: Decodable, Sendable, Equatable {
    var n: Int
}

/// One event with an ID and a `Tick` as its data.
private func event(_ n: Int) -> String {
    "id: \(n)\ndata: {\"n\":\(n)}\n\n"
}

/// A feed whose first connection sends two events and closes; a resumed one sends the third and
/// the terminator.
private func routeFeed(_ server: TestServer) {
    server.route(.get, "/feed") { request in
        request.header("Last-Event-ID") == nil
            ? .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1) + event(2)), .lastChunk])
            : .raw([.chunkedHead(), .chunk(event(3) + "data: [DONE]\n\n"), .lastChunk])
    }
}

@Suite("Client.serverSentEvents across an account switch: a stream stays its user's")
struct ServerSentEventStreamIdentityTests {
    @Test("another user signing in between connects ends the stream: the reconnect never goes out as them")
    func accountSwitchEndsTheStream() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        routeFeed(auth.server)
        let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("alice-token", identity: "alice")]))
        let client = try auth.client(authenticator)
        var events = client.serverSentEvents(Request(method: .get, path: "/feed"), of: Tick.self, terminator: "[DONE]")
            .makeAsyncIterator()
        #expect(try await events.next()?.value.n == 1)
        #expect(try await events.next()?.value.n == 2)
        try await authenticator.signIn(.bearer("bob-token", identity: "bob"), for: "session")
        var failure: (any Error)?
        do { _ = try await events.next() } catch { failure = error }
        #expect((failure as? CourierError)?.kind == .identityChanged, "\(String(describing: failure))")
        let feed = auth.server.requests.filter { $0.path == "/feed" }
        #expect(feed.map { $0.header("Authorization") } == ["Bearer alice-token"], "bob never resumes alice's stream")
        // The stream is over: it does not try again.
        #expect(try await events.next() == nil)
        #expect(auth.server.requests.filter { $0.path == "/feed" }.count == 1)
    }

    @Test("another user signing in while the connection is open ends the stream at once and closes the connection")
    func accountSwitchEndsAnOpenStream() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        auth.server.route(.get, "/live") { _ in .raw([.chunkedHead(), .chunk(event(1)), .pause(.seconds(8)), .chunk(event(2)), .lastChunk]) }
        let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("alice-token", identity: "alice")]))
        let client = try auth.client(authenticator)
        var events = client.serverSentEvents(Request(method: .get, path: "/live"), of: Tick.self).makeAsyncIterator()
        let first = try await events.next()
        #expect(first?.value.n == 1)
        try await authenticator.signIn(.bearer("bob-token", identity: "bob"), for: "session")
        var failure: (any Error)?
        let took = await elapsed {
            do { _ = try await events.next() } catch { failure = error }
        }
        #expect((failure as? CourierError)?.kind == .identityChanged, "\(String(describing: failure))")
        #expect(took < .seconds(6), "it did not wait for alice's next event")
        try await waitUntil { auth.server.hangUps.count == 1 }
        let after = try await events.next()
        #expect(after == nil)
        #expect(auth.server.requests.filter { $0.path == "/live" }.count == 1, "no reconnect as bob")
    }

    @Test("signing out while a JSON Lines stream is open ends it with identityChanged")
    func signOutEndsAnOpenJSONLinesStream() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        auth.server.route(.get, "/lines") { _ in
            .raw([.chunkedHead(contentType: "application/x-ndjson"), .chunk("{\"n\":1}\n"), .pause(.seconds(8)), .chunk("{\"n\":2}\n"), .lastChunk])
        }
        let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("alice-token", identity: "alice")]))
        let client = try auth.client(authenticator)
        var lines = try await client.jsonLines(Request(method: .get, path: "/lines"), of: Tick.self).makeAsyncIterator()
        let first = try await lines.next()
        #expect(first?.n == 1)
        try await authenticator.signOut()
        var failure: (any Error)?
        do { _ = try await lines.next() } catch { failure = error }
        #expect((failure as? CourierError)?.kind == .identityChanged, "\(String(describing: failure))")
        try await waitUntil { auth.server.hangUps.count == 1 }
    }

    @Test("the same user signing in again (a new token) between connects: the stream goes on")
    func sameUserGoesOn() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        routeFeed(auth.server)
        let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("alice-1", identity: "alice")]))
        let client = try auth.client(authenticator)
        var events = client.serverSentEvents(Request(method: .get, path: "/feed"), of: Tick.self, terminator: "[DONE]")
            .makeAsyncIterator()
        #expect(try await events.next()?.value.n == 1)
        #expect(try await events.next()?.value.n == 2)
        try await authenticator.signIn(.bearer("alice-2", identity: "alice"), for: "session")
        #expect(try await events.next()?.value.n == 3)
        #expect(try await events.next() == nil)
        let feed = auth.server.requests.filter { $0.path == "/feed" }
        #expect(feed.map { $0.header("Authorization") } == ["Bearer alice-1", "Bearer alice-2"])
        #expect(feed.map { $0.header("Last-Event-ID") } == [nil, "2"])
    }

    @Test("a credential ware switching users while Retry retries a reconnect: the retry is refused, never sent as the other user with the first one's Last-Event-ID")
    func switchDuringReconnectRetryEndsTheStream() async throws {
        let user = SwitchingUser()
        let reconnects = FeedCounter()
        try await withLoopback(routes: { server in
            server.route(.get, "/feed") { request in
                guard request.header("Last-Event-ID") != nil else {
                    return .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1)), .lastChunk])
                }
                return reconnects.next() == 1 ? .status(503) : .raw([.chunkedHead(), .chunk(event(2) + "data: [DONE]\n\n"), .lastChunk])
            }
        }, wares: [user, Retry(RetryPolicy(baseDelay: .milliseconds(1)))]) { server, client in
            var events = client.serverSentEvents(Request(method: .get, path: "/feed"), of: Tick.self, terminator: "[DONE]")
                .makeAsyncIterator()
            let first = try await events.next()
            #expect(first?.value.n == 1)
            var failure: (any Error)?
            do { _ = try await events.next() } catch { failure = error }
            #expect((failure as? CourierError)?.kind == .identityChanged, "\(String(describing: failure))")
            let sent = server.requests.filter { $0.path == "/feed" }.map { [$0.header("X-User"), $0.header("Last-Event-ID")] }
            #expect(sent == [["alice", nil], ["alice", "1"]], "bob never resumes alice's stream")
        }
    }
}

/// A credential ware of an app's own: sends `X-User` and says so as the call's principal, and
/// switches from alice to bob when a call of alice's is answered `503` (another user signing in
/// while `Retry` waits to try again).
private final class SwitchingUser: Ware, @unchecked Sendable {
    // @unchecked: `user` is only touched under `lock`.
    private let lock = NSLock()
    private var user = "alice"

    var position: WarePosition { .authentication }

    func principal(for request: PreparedRequest, context: CallContext) async -> Principal? {
        Principal("user:" + lock.withLock { user })
    }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let name = HTTPField.Name("X-User") { request.http.headerFields[name] = lock.withLock { user } }
        do {
            return try await next(request, context)
        } catch {
            if (error as? CourierError)?.status?.code == 503 { lock.withLock { user = "bob" } }
            throw error
        }
    }
}

/// Counts the reconnects the feed answered.
private final class FeedCounter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
