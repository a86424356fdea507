import CourierSpec

/// Files and multipart bodies: `body: File` (a raw upload from a file), `response: File` (a
/// download to a file) and `multipart:` parts, and the facade's `progress` parameter for them.
extension SpecTranslation {
    /// `body: File`: the factory takes `file: URL` and `contentType: String = "application/octet-stream"`.
    mutating func claimFileBody(builder: inout ParameterListBuilder) -> FileBodyRender {
        let file = builder.claim(
            "file", type: "URL", qualifiedType: "URL", defaultValue: [], group: .leading,
            documentation: Documentation(summary: "The file whose contents are sent, read while sending."))
        let contentType = builder.claim(
            "contentType", type: "String", qualifiedType: "String",
            defaultValue: [SwiftLiteral.string("application/octet-stream")], group: .optional,
            documentation: Documentation(summary: "The `Content-Type` sent with it."))
        return FileBodyRender(name: file, contentTypeName: contentType)
    }

    /// `response: File`: the factory takes `to destination: URL? = nil`; returns the decoding argument.
    mutating func downloadDestination(builder: inout ParameterListBuilder) -> DecodingRender {
        let destination = builder.claim(
            "destination", label: "to", type: "URL?", qualifiedType: "URL?", defaultValue: ["nil"], group: .optional,
            documentation: Documentation(
                summary: "Where to write the download (by way of a temporary file beside it); `nil`: a temporary file the caller removes."))
        return DecodingRender(fileDestination: [destination])
    }

    /// The facade's `progress` parameter, claimed after every other so spec names keep theirs.
    mutating func progressParameter(builder: inout ParameterListBuilder) -> ParameterRender {
        let type = RuntimeTypeSpelling.progress
        return ParameterRender(name: builder.reserve("progress"), type: type, qualifiedType: type, defaultValue: ["nil"])
    }

    /// The `- Parameters:` entry documenting `progress`.
    static let progressDocumentation = Documentation(
        summary: "Called as bytes go out and come in, on the transport's thread: keep it short.")

    /// One multipart part: claims its parameter and decides how it is sent.
    mutating func multipartPart(_ part: MultipartPart, builder: inout ParameterListBuilder) -> MultipartPartRender? {
        let type = part.type.value
        let kind: MultipartPartRender.Kind
        let local: String
        let qualified: String
        if type.isFilePartType {
            kind = .file
            local = RuntimeTypeSpelling.filePart(type)
            qualified = local
        } else {
            guard let localType = speller.local(type), let qualifiedType = speller.qualified(type) else {
                unvalidated("unknown type '\(type)' for multipart part '\(part.name.value)'", at: part.type.location)
                return nil
            }
            (local, qualified) = (localType, qualifiedType)
            if speller.isParameterEncodable(type) {
                kind = .text
            } else if type.nonOptional == .named("Data") {
                kind = .data
            } else {
                kind = .json
            }
        }
        // A file part has no default (the validator says so); it is optional or required.
        guard let defaultValue = kind == .file
            ? (type.isOptional ? ["nil"] : []) : defaultArgument(of: part.parameter, as: type) else { return nil }
        let name = builder.claim(
            SwiftIdentifier.member(part.name.value), type: local, qualifiedType: qualified, defaultValue: defaultValue,
            group: defaultValue.isEmpty ? .trailing : .optional, source: part.parameter)
        var isList = false
        if case .array = type.nonOptional, kind == .text || kind == .file { isList = true }
        let value = kind == .text
            ? DateParameterValue.expression(
                for: name, type: type, format: part.parameter.format?.value,
                serviceFormat: spec.dateFormat?.value ?? .iso8601, headerName: nil)
            : name
        return MultipartPartRender(
            kind: kind, keyLiteral: SwiftLiteral.string(part.wireName), name: name, value: value, isOptional: type.isOptional,
            isList: isList, contentTypeLiteral: part.contentType.map { [SwiftLiteral.string($0.value)] } ?? [])
    }
}
