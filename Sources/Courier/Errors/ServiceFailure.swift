import Foundation
import HTTPTypes

/// An error of the service's own: a decoded error envelope, such as the generated
/// `Petstore.ServiceError`. Generated clients declare one per service.
///
/// A client reports it like every other failure, as a ``CourierError`` of kind
/// ``CourierError/Kind/serviceError`` (reason ``CourierError/Reason/service(_:)``) that names the
/// call, whether the service's ``ErrorMapping`` decoded it or a ware threw it; the envelope is
/// reachable typed through ``CourierError/serviceError(as:)``:
///
/// ```swift
/// } catch let error as CourierError {
///     if case .status422(let validation)? = error.serviceError(as: Petstore.ServiceError.self)?.body { … }
/// }
/// ```
///
/// Outside a client it is an ordinary error: app code and tests may create, throw and catch it.
public protocol ServiceFailure: Error, Sendable {
    /// The response the envelope came in.
    var response: RawResponse { get }
}

/// How a service's error envelopes and events are read from its responses: generated from the
/// spec's `errors:` (`Petstore.service()` sets it as ``ServiceConfiguration/errorMapping``),
/// applied in the events slot by a ware that setting it adds to the service's wares.
///
/// For a response with a status the request does not accept, the mapping returns the typed
/// error (when the body decodes to the envelope; otherwise the status error stays), which the
/// caller gets inside a ``CourierError`` of kind ``CourierError/Kind/serviceError``, and the
/// events it raises; for other responses, only events (matched by status or header field).
public struct ErrorMapping: Sendable {
    /// What a response means: a typed error (failures only) and events to publish.
    public struct Outcome: Sendable {
        /// The typed error, when the body was an envelope.
        public var error: (any ServiceFailure)?
        /// Events to publish to the subscribers of `client.events()`.
        public var events: [any ServiceEvent]

        /// An outcome.
        public init(error: (any ServiceFailure)? = nil, events: [any ServiceEvent] = []) {
            self.error = error
            self.events = events
        }
    }

    let map: @Sendable (_ response: RawResponse, _ failed: Bool, _ decoder: JSONDecoder) -> Outcome

    /// What `response` means; `failed` says whether its status failed the call.
    public func outcome(for response: RawResponse, failed: Bool, decoder: JSONDecoder) -> Outcome {
        map(response, failed, decoder)
    }

    /// Whether `response` carries the header field `name` (generated mappings match events on it).
    public static func carries(_ response: RawResponse, _ name: String) -> Bool {
        HTTPField.Name(name).map { response.http.headerFields[$0] != nil } ?? false
    }

    /// A mapping from `map`, given the response, whether its status failed the call, and the
    /// service's JSON decoder.
    public init(_ map: @escaping @Sendable (_ response: RawResponse, _ failed: Bool, _ decoder: JSONDecoder) -> Outcome) {
        self.map = map
    }
}

/// The service's ``ErrorMapping``; `nil` unless set.
enum ErrorMappingOption: OptionKey {
    static var defaultValue: ErrorMapping? { nil }
}

extension ServiceConfiguration {
    /// How the service's error envelopes and events are read (the spec's `errors:`); `nil` by
    /// default. Kept in ``options``; setting it also puts the ware that applies it in the events
    /// slot among the service's ``wares`` (and setting `nil` takes it out).
    public var errorMapping: ErrorMapping? {
        get { options[ErrorMappingOption.self] }
        set {
            options[ErrorMappingOption.self] = newValue
            wares.removeAll { $0 is ErrorMappingWare }
            if let newValue { wares.append(ErrorMappingWare(mapping: newValue)) }
        }
    }
}

/// The failed answer a stored one stood in for (``CachePolicy/Kind/remoteElseLocal`` after a
/// `5xx`): its events are still the service's news.
enum MaskedFailure: CallStorageKey {
    typealias Value = RawResponse
}

/// The `304 Not Modified` that revalidated the stored answer a call got: what the service said on
/// that call is in its fields, not in the stored ones the answer carries.
enum RevalidatingAnswer: CallStorageKey {
    typealias Value = RawResponse
}

/// Applies the service's ``ErrorMapping``: publishes the events a response raises (and those of a
/// failure a stored answer stood in for) and turns a
/// status error whose body is an envelope into a ``CourierError`` carrying it typed (the same
/// call, the same secrets to scrub), decoding with the client's JSON decoder. Set among the
/// service's wares by ``ServiceConfiguration/errorMapping``.
struct ErrorMappingWare: Ware {
    let mapping: ErrorMapping

    var position: WarePosition { .events }

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        do {
            let response = try await next(request, context)
            if let masked = context.storage[MaskedFailure.self] {
                for event in mapping.outcome(for: masked, failed: true, decoder: context.decoder).events { context.publish(event) }
            }
            if let heard = Self.heardFromTheService(response, context: context) {
                for event in mapping.outcome(for: heard, failed: false, decoder: context.decoder).events { context.publish(event) }
            }
            return response
        } catch let error as CourierError {
            guard case .status(let response) = error.reason else { throw error }
            let outcome = mapping.outcome(for: response, failed: true, decoder: context.decoder)
            if Self.heardFromTheService(response, context: context) != nil {
                for event in outcome.events { context.publish(event) }
            }
            guard let typed = outcome.error else { throw error }
            var failure = CourierError(.service(typed), call: error.call)
            failure.secrets = error.secrets
            throw failure
        }
    }

    /// What the service itself said on this call, whose events are news: the network's
    /// `response`, or the `304` that revalidated a stored one. Nothing when the answer came from
    /// the store (its events were published when it arrived; a stored `X-App-Obsolete` would
    /// otherwise be announced again on every hit, even after the app was updated), or from a
    /// twin's call in flight (``Coalescing``: the call that made it publishes them, once).
    static func heardFromTheService(_ response: RawResponse, context: CallContext) -> RawResponse? {
        if context.storage[Coalesced.self] == true { return nil }
        switch response.source {
        case .network: return response
        case .revalidated: return context.storage[RevalidatingAnswer.self]
        case .cache: return nil
        }
    }
}
