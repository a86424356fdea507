extension SpecValidator {
    /// A `multipart:` body has parts, each of a known type (a file part is `File`, `File?`,
    /// `[File]` or `[File]?`), with distinct wire names, a usable content type and a fitting
    /// default. Names as Swift arguments are checked with the other parameters.
    mutating func checkMultipart(_ parts: [MultipartPart], at location: SourceLocation, of what: String, models: ModelTable) {
        if parts.isEmpty {
            log.error("`multipart` of \(what) needs at least one part, such as `photo: File`", at: location)
        }
        let types = TypeCheck(models: models)
        var wireNames: [String: Located<String>] = [:]
        for part in parts {
            let description = "multipart part '\(part.name.value)' of \(what)"
            if part.wireName.isEmpty {
                log.error("the `key` of \(description) is empty", at: part.name.location)
            } else if let other = wireNames[part.wireName] {
                log.error(
                    "\(description) has the same name '\(part.wireName)' as part '\(other.value)' (line \(other.location.line)); "
                        + "each part needs a name of its own (a list type such as [File] sends several parts under one name)",
                    at: part.name.location)
            } else {
                wireNames[part.wireName] = part.name
            }
            if let contentType = part.contentType {
                let value = contentType.value
                if !value.contains("/") || value.holdsLineBreakOrNUL {
                    log.error(
                        "`contentType` of \(description) must be a media type such as image/png, found '\(value)'",
                        at: contentType.location)
                }
            }
            guard types.checkNames(part.type, in: description, allowsFile: true, log: &log) else { continue }
            let type = part.type.value
            if type.mentionsFile {
                if !type.isFilePartType {
                    log.error(
                        "\(description) has type '\(type)'; a file part is File, File? or [File] "
                            + "(a list sends one part per file under the part's name)",
                        at: part.type.location)
                } else if let value = part.parameter.defaultValue {
                    log.error("\(description) is a file part, which cannot have a default", at: value.location)
                }
            } else {
                if let contentType = part.contentType, types.isParameterType(type, allowsLists: true),
                   type.nonOptional != .named("String") {
                    log.error(
                        "`contentType` of \(description) applies to String, file, Data and JSON parts; a '\(type)' part "
                            + "is sent as plain text",
                        at: contentType.location)
                }
                if let value = part.parameter.defaultValue {
                    DefaultValueCheck(models: models).check(value, type: type, of: description, log: &log)
                }
            }
        }
    }
}
