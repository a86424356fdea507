import Courier
import Foundation
import FuzzSupport

// Structure-aware, as FuzzServerSentEvents: the records, the truncated-record reports (the parser
// goes on after each) and the final failure are the same whole or in chunks; each record decodes
// as JSON or throws.
//
// Layout: limit byte (odd: maximumRecordSize 8...263), size count n (0...7), n sizes, the body.

private struct Outcome: Equatable {
    var items: [String] = []
    var failure: String?
}

private func parse(_ chunks: [Data], limit: Int) -> Outcome {
    var parser = JSONSequenceParser(maximumRecordSize: limit)
    var outcome = Outcome()
    // A truncated record is reported and skipped: call again. Bounded, so a parser that reports
    // forever is a finding (a timeout) rather than a hang of the harness.
    func drain() -> Bool {
        for _ in 0..<100_000 {
            do {
                guard let record = try parser.next() else { return true }
                outcome.items.append("record \(Array(record)) at \(parser.position)")
            } catch {
                if case .stream(.truncatedRecord) = error.reason {
                    outcome.items.append("truncated at \(parser.position)")
                    continue
                }
                outcome.failure = "\(error)"
                return false
            }
        }
        fuzzCheck(false, "more than 100000 items from one drain")
        return false
    }
    for chunk in chunks {
        parser.append(chunk)
        guard drain() else { return outcome }
    }
    parser.finish()
    _ = drain()
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
    var parser = JSONSequenceParser(maximumRecordSize: limit)
    parser.append(Data(body))
    parser.finish()
    while true {
        do {
            guard let record = try parser.next() else { break }
            _ = try? JSONDecoder().decode(JSONValue.self, from: record)
        } catch {
            if case .stream(.truncatedRecord) = error.reason { continue }
            break
        }
    }
    return 0
}
