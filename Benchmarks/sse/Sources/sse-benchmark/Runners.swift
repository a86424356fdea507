import Courier
import Foundation
import OpenAPIRuntime

/// A payload model with an `id` to add up.
protocol Payload: Codable, Sendable, Hashable {
    var id: Int { get }
}

extension Activity: Payload {}
extension ChatDelta: Payload {}

/// What one decoding pass saw: how many events, and the sum of their ids (so that nothing is
/// optimised away and the decoders can be checked to agree).
struct Tally: Hashable {
    var events = 0
    var idSum = 0
}

/// One of the decoders under test.
enum Runner: String, CaseIterable {
    /// Courier's typed sequence: `serverSentEvents(of:)`.
    case courier
    /// swift-openapi-runtime's `asDecodedServerSentEventsWithJSONData(of:)`.
    case openapi
    /// Courier's untyped events (`serverSentEvents()`), data as strings.
    case courierRaw = "courier-raw"
    /// swift-openapi-runtime's untyped `asDecodedServerSentEvents()`.
    case openapiRaw = "openapi-raw"
    /// `JSONDecoder` alone on each event's data, cut out beforehand: the floor for the typed runs.
    case decoderAlone = "jsondecoder-alone"
    /// Courier's typed sequence with a decode closure that only counts the data's bytes: what
    /// Courier costs around the JSON decoder.
    case courierFraming = "courier-framing"

    /// Whether it reads `Data` chunks (Courier) rather than `ArraySlice<UInt8>` (swift-openapi-runtime).
    var readsData: Bool { self == .courier || self == .courierRaw || self == .courierFraming }

    /// Decodes the events in `chunks` into `type`.
    func run<Value: Payload, Chunks: AsyncSequence & Sendable>(_ type: Value.Type, _ chunks: Chunks) async throws -> Tally
    where Chunks.Element == Data {
        var tally = Tally()
        switch self {
        case .courier:
            for try await event in chunks.serverSentEvents(of: type, decoder: JSONDecoder()) {
                tally.events += 1
                tally.idSum &+= event.value.id
            }
        case .courierRaw:
            for try await event in chunks.serverSentEvents() {
                tally.events += 1
                tally.idSum &+= Int(event.id ?? "") ?? 0
            }
        case .courierFraming:
            for try await event in DecodedServerSentEvents(chunks, decode: { _, data in data.count }) {
                tally.events += 1
                tally.idSum &+= Int(event.id ?? "") ?? 0
            }
        default:
            preconditionFailure("\(self) does not read Data chunks")
        }
        return tally
    }

    /// Decodes the events in `chunks` into `type`.
    func run<Value: Payload, Chunks: AsyncSequence & Sendable>(_ type: Value.Type, _ chunks: Chunks) async throws -> Tally
    where Chunks.Element == ArraySlice<UInt8> {
        var tally = Tally()
        switch self {
        case .openapi:
            for try await event in chunks.asDecodedServerSentEventsWithJSONData(of: type, decoder: JSONDecoder()) {
                tally.events += 1
                tally.idSum &+= event.data?.id ?? 0
            }
        case .openapiRaw:
            for try await event in chunks.asDecodedServerSentEvents() {
                tally.events += 1
                tally.idSum &+= Int(event.id ?? "") ?? 0
            }
        default:
            preconditionFailure("\(self) does not read ArraySlice chunks")
        }
        return tally
    }

    /// Decodes each payload on its own with `JSONDecoder`.
    static func decodeAlone<Value: Payload>(_ type: Value.Type, _ payloads: [Data]) throws -> Tally {
        let decoder = JSONDecoder()
        var tally = Tally()
        for payload in payloads {
            tally.events += 1
            tally.idSum &+= try decoder.decode(type, from: payload).id
        }
        return tally
    }
}
