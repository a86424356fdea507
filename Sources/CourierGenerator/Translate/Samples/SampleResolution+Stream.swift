import CourierSpec
import Foundation

extension SampleResolution {
    /// How many elements of one stream sample are reported before giving up on it.
    static let streamProblemLimit = 10

    /// Checks each element of a stream's success sample against its type (the event union's
    /// case by event name; an unlisted name is the `unknown` case and fits) and against the
    /// stream's `maximumElementSize`, up to the terminator, reporting at the sample's line with
    /// the element's number, its line in the file and the JSON path.
    mutating func checkStream(_ body: Data, of stream: StreamSetting, what: String, at location: SourceLocation) {
        let fit = SampleFit(
            models: models, dateFormat: spec.dateFormat?.value ?? .iso8601,
            convertsFromSnakeCase: spec.keyStrategy?.value == .snakeCase)
        let noun = switch stream.format.value {
        case .events: "event"
        case .lines: "line"
        case .sequence: "record"
        }
        var problems = 0
        for (index, element) in StreamSampleElements.elements(of: body, format: stream.format.value).enumerated() {
            guard problems < Self.streamProblemLimit else { return }
            if let terminator = stream.terminator?.value, element.data == Data(terminator.utf8) { return }
            let type: TypeRef
            switch stream.elements {
            case .single(let single):
                type = single.value
            case .byEvent(let cases):
                guard let match = cases.first(where: { $0.name.value == (element.event ?? "message") }) else { continue }
                type = match.type.value
            }
            let place = "\(what), \(noun) \(index + 1) (line \(element.line))"
            if let limit = stream.maximumElementSize?.value, element.data.count > limit {
                problems += 1
                log.error(
                    "\(place) holds \(element.data.count) bytes, more than the stream's `maximumElementSize` of \(limit) "
                        + "(line \(stream.maximumElementSize?.location.line ?? 0)); the client would fail on it",
                    at: location)
                continue
            }
            let json: SampleJSON
            switch SampleJSON.parse(element.data) {
            case .success(let value):
                json = value
            case .failure(let failure):
                problems += 1
                log.error("\(place) is not JSON: \(failure.reason)", at: location)
                continue
            }
            for mismatch in fit.mismatches(json, as: type) {
                if mismatch.isWarning {
                    log.warning("\(place): \(mismatch)", at: location)
                } else {
                    problems += 1
                    log.error("\(place) does not fit \(type): \(mismatch)", at: location)
                }
            }
        }
    }
}
