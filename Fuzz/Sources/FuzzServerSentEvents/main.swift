@testable import Courier
import Foundation
import FuzzSupport

// Structure-aware: the input is a stream and the places to cut it. The events, the last event ID,
// the reconnection time and the failure must be the same whether the stream comes whole or in
// chunks of any sizes.
//
// Layout: limit byte (odd: a small maximumEventSize of 16...271 bytes), size count n (0...7),
// n chunk-size bytes, then the stream.

private struct Outcome: Equatable {
    var events: [ServerSentEvent] = []
    /// Where each event starts: the same whole or in chunks, like everything else.
    var positions: [StreamPosition] = []
    var failure: String?
    var lastEventID: String?
    var reconnectionTime: Duration?
}

extension Outcome {
    mutating func add(_ frame: ServerSentEventParser.Frame) {
        events.append(frame.serverSentEvent)
        positions.append(frame.position)
    }
}

private func parse(_ chunks: [Data], limit: Int) -> Outcome {
    var parser = ServerSentEventParser(maximumEventSize: limit)
    var outcome = Outcome()
    do {
        for chunk in chunks {
            parser.append(chunk)
            while let frame = try parser.nextFrame() { outcome.add(frame) }
        }
        parser.finish()
        while let frame = try parser.nextFrame() { outcome.add(frame) }
    } catch {
        // Offsets included: they once depended on whether a CR LF pair was cut in two
        // (FailCases/FuzzServerSentEvents/too-large-offset-depends-on-chunks).
        outcome.failure = "\(error)"
    }
    outcome.lastEventID = parser.lastEventID
    outcome.reconnectionTime = parser.reconnectionTime
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let limitByte = input.byte()
    let limit = limitByte & 1 == 1 ? 16 + Int(limitByte) : StreamLimits.defaultMaximumElementSize
    let sizes = input.take(input.number(below: 8))
    let stream = input.rest()
    let whole = parse(stream.isEmpty ? [] : [Data(stream)], limit: limit)
    let cut = parse(chunks(of: stream, sizes: sizes), limit: limit)
    fuzzCheck(whole == cut, "whole \(whole) but in chunks \(sizes) \(cut)")
    // Every event's data is what the stream's data lines hold: never more bytes than the stream.
    fuzzCheck(whole.events.allSatisfy { $0.data.utf8.count <= stream.count * 3 }, "an event larger than its stream")
    return 0
}
