extension SpecValidator {
    /// The statuses a sample may have: final responses (an informational `1xx` is never the answer).
    static let sampleStatuses = 200...599

    /// `sample:` and `samples:`: statuses that are final HTTP statuses and given once, files that
    /// exist and are regular files, header fields that can be sent. Whether a body fits the
    /// endpoint's response or error model is checked when the samples are read (translation).
    mutating func checkSamples(_ endpoint: Endpoint, of what: String, in spec: Spec) {
        var seen: [Int: SampleDeclaration] = [:]
        for sample in endpoint.allSamples {
            let status = sample.status
            if let code = sample.code, Self.sampleStatuses.contains(code) {
                if let first = seen[code] {
                    let line = first.status.location.line
                    log.error(
                        "\(what) has two samples for status \(code): "
                            + (first.isShorthand ? "`sample:` (line \(line)) is the 200 sample" : "the first at line \(line)")
                            + "; keep one of them",
                        at: status.location)
                } else {
                    seen[code] = sample
                }
            } else {
                let informational = sample.code.map { $0 < 200 } ?? false
                // `samples: { file: x.json }`: the long form of one sample, without its status.
                let longFormKey = SpecParser.sampleKeys.contains(status.value)
                    || Suggestion.closest(to: status.value, among: SpecParser.sampleKeys) != nil
                log.error(
                    "unknown status '\(status.value)' in `samples` of \(what): "
                        + (informational ? "a 1xx status is not a final answer; " : "")
                        + "use a status code from \(Self.sampleStatuses.lowerBound) to \(Self.sampleStatuses.upperBound), "
                        + "such as 200 or 404"
                        + (longFormKey ? " (`samples:` maps statuses to samples: `samples: { 200: { file: …, headers: … } }`)" : ""),
                    at: status.location)
            }
            if let file = sample.file { checkSampleFile(file, shorthand: sample.isShorthand, status: status.value, of: what, in: spec) }
            for header in sample.headers {
                let name = Located(header.value.name, at: header.location)
                checkHeaderName(name, what: "sample header")
                if header.value.value.holdsLineBreakOrNUL {
                    log.error(
                        "the value of sample header '\(name.value)' (status \(status.value)) of \(what) holds a line break or NUL",
                        at: header.location)
                }
                if name.value.lowercased() == "content-length" {
                    log.error(
                        "sample header 'Content-Length' (status \(status.value)) of \(what) is set from the sample's file; remove it",
                        at: header.location)
                }
            }
        }
    }

    /// A sample's file exists and is a regular file.
    private mutating func checkSampleFile(
        _ sample: Located<String>, shorthand: Bool, status: String, of what: String, in spec: Spec
    ) {
        let path = Self.samplePath(sample.value, specFile: spec.file)
        let owner = shorthand ? "of \(what)" : "for status \(status) of \(what)"
        let key = shorthand ? "`sample:`" : "`samples:`"
        switch fileKind(path) {
        case .regular:
            break
        case .missing:
            log.error("sample file '\(sample.value)' \(owner) does not exist (looked for \(path))", at: sample.location)
        case .directory:
            log.error(
                "sample '\(sample.value)' \(owner) is a directory (\(path)); \(key) names a file holding the body",
                at: sample.location)
        case .other(let kind):
            log.error(
                "sample '\(sample.value)' \(owner) is \(kind), not a regular file (\(path)); \(key) names a file holding the body",
                at: sample.location)
        }
    }
}
