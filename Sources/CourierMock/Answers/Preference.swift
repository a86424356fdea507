/// What a request's `Prefer` header fields (RFC 7240) ask of the mock: `code=404` picks the sample
/// of a status, `example=pet-missing` the sample of that file (its name without directory and
/// extension; the file as the spec writes it works too). Other preferences are ignored.
struct Preference: Equatable {
    /// `code=`: the status whose sample to answer with.
    var code: String?
    /// `example=`: the sample file to answer with.
    var example: String?

    /// The preferences of every `Prefer` field, comma-separated; values may be quoted; parameters
    /// after `;` are ignored.
    init(fields: [String]) {
        for field in fields {
            for item in field.split(separator: ",") {
                let token = item.split(separator: ";").first ?? ""
                let pair = token.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                var value = pair[1].trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                switch pair[0].trimmingCharacters(in: .whitespaces).lowercased() {
                case "code": code = code ?? value
                case "example": example = example ?? value
                default: break
                }
            }
        }
    }

    /// Whether the request asks for a particular sample.
    var choosesSample: Bool { code != nil || example != nil }

    /// What the `Preference-Applied` field says was honoured.
    var applied: String {
        [code.map { "code=\($0)" }, example.map { "example=\($0)" }].compactMap { $0 }.joined(separator: ", ")
    }
}
