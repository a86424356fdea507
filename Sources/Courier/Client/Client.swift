import Foundation
import HTTPTypes
import Logging

/// Sends typed ``Request``s to one service through an ordered pipeline of wares and a transport.
///
/// Everything is injected; there are no singletons. Make one client per service and share it:
/// it is `Sendable`, and its ware chain, URL parts and JSON coders are built once, here.
///
/// ```swift
/// let client = try Client(
///     service: Petstore.service(.staging),
///     transport: URLSessionTransport(),
///     wares: [BearerToken(store), Logging()],
///     logger: logger
/// )
/// let pets = try await client.send(Petstore.listPets(limit: 20))
/// ```
public final class Client: Sendable {
    /// The service this client talks to.
    public let service: ServiceConfiguration
    /// The logger handed to wares.
    public let logger: Logger

    private let encoder: RequestEncoder
    private let decoder: JSONDecoder
    private let chain: WareChain
    private let context: WareContext

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - service: Where the service is and how it speaks.
    ///   - transport: What moves bytes; ``URLSessionTransport`` by default.
    ///   - wares: The client-wide pipeline, run in ``WarePosition`` order (ties keep this order).
    ///   - logger: Passed to wares; Courier never bootstraps logging itself.
    /// - Throws: ``CourierError/invalidRequest(_:)`` when the base URL has no scheme or host.
    public init(
        service: ServiceConfiguration,
        transport: any Transport = URLSessionTransport(),
        wares: [any Ware] = [],
        logger: Logger = Logger(label: "courier", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws {
        self.service = service
        self.logger = logger
        self.encoder = try RequestEncoder(service: service)
        self.decoder = service.coding.makeDecoder()
        self.chain = WareChain(wares: wares, transport: transport)
        self.context = WareContext(logger: logger, service: service)
    }

    /// Sends `request` and returns its decoded value.
    ///
    /// - Throws: ``CourierError`` saying where the call failed, or `CancellationError` when the
    ///   calling task was cancelled.
    public func send<Expected>(_ request: Request<Expected>) async throws -> Expected {
        let raw = try await exchange(request)
        return try decode(raw, for: request)
    }

    /// Sends `request` and returns the decoded value with the raw response and timing.
    public func response<Expected>(for request: Request<Expected>) async throws -> Response<Expected> {
        let start = Date()
        let clock = ContinuousClock()
        let began = clock.now
        let raw = try await exchange(request)
        let value = try decode(raw, for: request)
        let duration = clock.now - began
        return Response(value: value, raw: raw, metrics: CallMetrics(start: start, end: Date(), duration: duration))
    }

    /// Sends `request` and calls `completion` with the outcome, for code not using async/await.
    ///
    /// The completion handler runs on an arbitrary thread. Cancelling the returned handle cancels
    /// the transport call and completes with `CancellationError`.
    @discardableResult
    public func send<Expected>(
        _ request: Request<Expected>,
        completion: @escaping @Sendable (Result<Expected, any Error>) -> Void
    ) -> any Cancellable {
        let task = Task {
            do { completion(.success(try await self.send(request))) } catch { completion(.failure(error)) }
        }
        return TaskCancellable(task: task)
    }

    /// Runs a request through the pipeline and returns the raw response, without decoding.
    public func raw<Expected>(_ request: Request<Expected>) async throws -> RawResponse {
        try await exchange(request)
    }

    private func exchange<Expected>(_ request: Request<Expected>) async throws -> RawResponse {
        let prepared = try encoder.prepare(request)
        if request.wares.isEmpty { return try await chain.run(prepared, context: context) }
        return try await chain.adding(request.wares).run(prepared, context: context)
    }

    private func decode<Expected>(_ raw: RawResponse, for request: Request<Expected>) throws -> Expected {
        do {
            return try request.decoding.decode(raw, decoder)
        } catch let error as DecodingError {
            throw CourierError.decoding(DecodingFailure(error, type: Expected.self, response: raw))
        } catch let error as CourierError {
            throw error
        } catch {
            throw CourierError.decoding(DecodingFailure(
                type: "\(Expected.self)", codingPath: "", message: "\(error)",
                contentType: raw.http.headerFields[.contentType], bodyExcerpt: raw.bodyExcerpt, response: raw))
        }
    }
}

extension DecodingFailure {
    /// Describes a `DecodingError` with its coding path as `[0].owner.name`.
    init(_ error: DecodingError, type: Any.Type, response: RawResponse) {
        let context: DecodingError.Context
        let message: String
        switch error {
        case .typeMismatch(let expected, let ctx):
            context = ctx
            message = "expected \(expected): \(ctx.debugDescription)"
        case .valueNotFound(let expected, let ctx):
            context = ctx
            message = "missing value of type \(expected): \(ctx.debugDescription)"
        case .keyNotFound(let key, let ctx):
            context = DecodingError.Context(codingPath: ctx.codingPath + [key], debugDescription: ctx.debugDescription)
            message = "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let ctx):
            context = ctx
            let underlying = ctx.underlyingError.map { " (\($0))" } ?? ""
            message = "\(ctx.debugDescription)\(underlying)"
        @unknown default:
            context = DecodingError.Context(codingPath: [], debugDescription: "\(error)")
            message = "\(error)"
        }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        self.init(
            type: "\(type)", codingPath: path, message: message,
            contentType: response.http.headerFields[.contentType], bodyExcerpt: response.bodyExcerpt, response: response)
    }
}
