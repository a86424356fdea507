import Foundation
import Logging

/// What every call of one client shares, built once when the client is made: the encoder and
/// decoder, the ware chain, the clocks, the event hub. Calls and their side requests run here.
final class ClientCore: Sendable {
    let service: ServiceConfiguration
    let logger: Logger
    let encoder: RequestEncoder
    let decoder: JSONDecoder
    let chain: WareChain
    /// ``chain`` with ``DownloadResumer``, for calls whose body goes to a file.
    let downloadChain: WareChain
    let clock: MonotonicClock
    let wallClock: WallClock
    let random: RandomSource
    let events: EventHub
    /// The client-wide wares (the service's included), asked at the start of every call whose
    /// credentials they will apply.
    let wares: [any Ware]
    /// The client-wide wares to tell, and wait for, when a session's credentials end.
    let sessionObservers: [any SessionObserving]
    /// Streams being read, ended with the session whose credentials opened them.
    let openStreams = SessionBoundStreams()

    init(
        service: ServiceConfiguration, transport: any Transport, wares: [any Ware], logger: Logger,
        clock: any Clock<Duration>, wallClock: WallClock, random: RandomSource
    ) throws {
        self.service = service
        self.logger = logger
        self.encoder = try RequestEncoder(service: service)
        self.decoder = service.coding.makeDecoder()
        // The service's own wares run like the client's, after them among equals.
        let wares = wares + service.wares
        self.chain = WareChain(wares: wares, transport: transport)
        self.downloadChain = WareChain(wares: wares + [DownloadResumer()], transport: transport)
        self.clock = MonotonicClock(clock)
        self.wallClock = wallClock
        self.random = random
        self.events = EventHub(observers: wares)
        self.wares = wares
        self.sessionObservers = wares.compactMap { $0 as? any SessionObserving }
        for case let ware as any ClientAttaching in wares { try ware.attach(self) }
    }

    /// Runs one call: encode, the wares and the transport, decode; every failure names the call.
    func perform<Expected>(
        _ request: Request<Expected>,
        parent: CallID?,
        skipping skipped: Set<ObjectIdentifier>,
        interim: (@Sendable (RawResponse, CallContext) -> Void)?
    ) async throws -> (Expected, RawResponse, CallContext) {
        try await perform(request, decoding: request.decoding, parent: parent, skipping: skipped, interim: interim)
    }

    /// Runs one call whose answer becomes a `Value` by `decoding` rather than the request's own
    /// (``Client/raw(_:)`` keeps it raw).
    func perform<Expected, Value>(
        _ request: Request<Expected>,
        decoding: ResponseDecoding<Value>,
        parent: CallID?,
        skipping skipped: Set<ObjectIdentifier>,
        interim: (@Sendable (RawResponse, CallContext) -> Void)?,
        secrets: [String] = []
    ) async throws -> (Value, RawResponse, CallContext) {
        var setup = CallSetup(start: clock.now, skipped: skipped, interim: interim)
        // A side request (a token refresh) serves its sender, not the sender's group.
        if parent == nil { setup.group = CallGroupMembership.current }
        let progress = ProgressThrottle.make(handler: request.onProgress, updates: request.progressUpdates, clock: clock)
        if let progress { setup.progress = progress.sink }
        // The updates end with the call, or with the streamed body the caller reads after it.
        var endsWithBody = false
        defer { if !endsWithBody { progress?.end() } }
        // A body that goes to a file may resume after a dropped connection: its own chain.
        let base = if case .file = decoding.delivery.mode { downloadChain } else { self.chain }
        let chain = request.wares.isEmpty ? base : base.adding(request.wares)
        // With no observation ware in front, the boundary is the chain's start: the body is decoded
        // here, after the chain, and the record need not keep it (no typed record, no lock).
        let decodesHere = chain.boundary == 0
        let (endpoint, bounded) = (request.endpointName, request.boundedEndpointName)
        let typed = decodesHere ? nil : DecodingCallRecord(
            core: self, endpoint: endpoint, boundedEndpoint: bounded, parent: parent, setup: setup, decoding: decoding)
        let context = CallContext(
            record: typed ?? CallRecord(core: self, endpoint: endpoint, boundedEndpoint: bounded, parent: parent, setup: setup))
        context.storage.addSecrets(secrets)
        if !request.pathParameters.isEmpty { context.registerSensitivePathParameters(request.pathParameters) }
        let followed = request.options[FollowedPathParametersOption.self]
        if !followed.isEmpty { context.registerSensitivePathParameters(followed) }
        var prepared: PreparedRequest
        do {
            prepared = try encoder.prepare(request, delivery: decoding.delivery)
        } catch {
            throw CallFailure.decorate(error, request: encoder.unencoded(request), context: context, origin: .encoding)
        }
        // For a redirect to another origin to tell whether the body may go along (RedirectRules).
        if prepared.body != nil { prepared.secretSource = CallSecretSource(storage: context.storage, redaction: service.redaction) }
        let own = ownPrincipal(of: prepared, query: request.query)
        // Asking the wares is an async call each: skipped altogether when there are none.
        context.record.principal = wares.isEmpty && request.wares.isEmpty
            ? own : await principal(own, of: prepared, extraWares: request.wares, context: context)
        let raw = try await chain.step(0, prepared, context, decodes: !decodesHere)
        if let progress {
            progress.complete(upload: prepared.body, download: raw.body)
            endsWithBody = raw.body.whenDone { progress.end() }
        }
        let decoded: Value
        do {
            if let typed {
                decoded = try typed.value(for: raw)
            } else {
                decoded = try CallDecoding.decode(raw, with: decoding, decoder: decoder, redaction: service.redaction)
            }
        } catch {
            throw CallFailure.decorate(error, request: prepared, context: context, origin: .decoding)
        }
        return (decoded, raw, context)
    }

    /// The principal of the credentials `prepared` carries in its own fields and `query`.
    func ownPrincipal(of prepared: PreparedRequest, query: [QueryItem]) -> Principal {
        CredentialFingerprint.principal(
            fields: prepared.http.headerFields, sensitiveFields: prepared.credentialFields, query: query,
            redaction: service.redaction)
    }

    /// Whose call `prepared` is: `own` (its own credential fields) with the credentials every ware
    /// the call does not skip says it will apply.
    func principal(
        _ own: Principal, of prepared: PreparedRequest, extraWares: [any Ware], context: CallContext
    ) async -> Principal {
        var principal = own
        let skipped = context.setup.skipped
        for ware in wares where skipped.isEmpty || !skipped.contains(ObjectIdentifier(type(of: ware))) {
            if let part = await ware.principal(for: prepared, context: context) { principal = principal.combined(with: part) }
        }
        for ware in extraWares where skipped.isEmpty || !skipped.contains(ObjectIdentifier(type(of: ware))) {
            if let part = await ware.principal(for: prepared, context: context) { principal = principal.combined(with: part) }
        }
        return principal
    }

    /// Ends the streams `principal`'s credentials opened, tells this client's session observers
    /// (the cache) that its credentials ended, and waits for them; then publishes `sessionEnded`
    /// to the app.
    func sessionEnded(_ principal: Principal, reason: String) async {
        openStreams.sessionEnded(principal)
        for observer in sessionObservers { await observer.sessionEnded(principal) }
        events.publish(StandardEvent.sessionEnded(reason: reason, principal: principal))
    }

    /// Tells this client's session observers that `principal` signed in.
    func sessionStarted(_ principal: Principal) {
        for observer in sessionObservers { observer.sessionStarted(principal) }
    }
}

extension CallContext {
    /// When the call started and how long it has taken until now; the start is worked out from
    /// the duration, so a call reads the wall clock only when someone asks.
    var metricsSoFar: CallMetrics {
        let duration = elapsed
        let end = wallClock.now
        return CallMetrics(start: end.addingTimeInterval(-duration.timeInterval), end: end, duration: duration)
    }
}

extension Request {
    /// The name calls of this request go by: its ``name``, or `METHOD /path` when it has none.
    var endpointName: String {
        name ?? "\(method.rawValue) \(pathTemplate)"
    }

    /// ``endpointName`` when its values are bounded: the name, or `METHOD /path` when the path is
    /// a template with placeholders; `nil` for an unnamed request with a literal path, whose
    /// name holds its values (one per ID). Braces cannot appear unencoded in a literal path.
    var boundedEndpointName: String? {
        name != nil || pathTemplate.contains("{") ? endpointName : nil
    }
}
