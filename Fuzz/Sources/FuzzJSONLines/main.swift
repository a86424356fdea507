import Courier
import Foundation
import FuzzSupport

// Structure-aware, as FuzzServerSentEvents: the lines, their positions and the failure are the
// same whole or in chunks; each line decodes as JSON or throws (never traps).
//
// Layout: limit byte (odd: maximumLineSize 8...263), size count n (0...7), n sizes, the body.

private struct Outcome: Equatable {
    var lines: [Data] = []
    var positions: [StreamPosition] = []
    var failure: String?
}

private func parse(_ chunks: [Data], limit: Int) -> Outcome {
    var parser = JSONLinesParser(maximumLineSize: limit)
    var outcome = Outcome()
    func drain() throws(CourierError) {
        while let line = try parser.next() {
            outcome.lines.append(line)
            outcome.positions.append(parser.position)
        }
    }
    do {
        for chunk in chunks {
            parser.append(chunk)
            try drain()
        }
        parser.finish()
        try drain()
    } catch {
        outcome.failure = "\(error)"
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let limitByte = input.byte()
    let limit = limitByte & 1 == 1 ? 8 + Int(limitByte) : StreamLimits.defaultMaximumElementSize
    let sizes = input.take(input.number(below: 8))
    let body = input.rest()
    let whole = parse(body.isEmpty ? [] : [Data(body)], limit: limit)
    let cut = parse(chunks(of: body, sizes: sizes), limit: limit)
    fuzzCheck(whole == cut, "whole \(whole) but in chunks \(sizes) \(cut)")
    for line in whole.lines {
        fuzzCheck(line.count <= limit && !line.contains(0x0A), "a line over the limit or holding LF")
        _ = try? JSONDecoder().decode(JSONValue.self, from: line)
    }
    return 0
}
