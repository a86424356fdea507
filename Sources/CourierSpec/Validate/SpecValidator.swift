#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks what the parser cannot see in one mapping at a time: names, types and defaults
/// against every model of the load, paths against their parameters, URLs, cycles, files.
///
/// Reports everything it finds; never stops at the first problem.
struct SpecValidator {
    /// The specs of one load.
    let specs: [Spec]
    /// What a path names on disk, for `sample:`.
    let fileKind: (String) -> FileKind
    /// Everything found.
    var log = DiagnosticLog()

    /// Prepares to check `specs` together.
    init(specs: [Spec], fileKind: @escaping (String) -> FileKind = FileKind.of) {
        self.specs = specs
        self.fileKind = fileKind
    }

    /// Runs every check.
    mutating func validate() {
        let models = ModelTable(specs: specs, log: &log)
        for spec in specs {
            checkService(spec, models: models)
            for model in spec.models { checkModel(model, models: models, snakeCase: spec.keyStrategy?.value == .snakeCase) }
            for endpoint in spec.endpoints { checkEndpoint(endpoint, in: spec, models: models) }
            checkWareNames(spec)
        }
        ModelCycleCheck.check(specs, models: models, log: &log)
        checkServiceNamesAcrossFiles()
        checkEndpointNamesAcrossFiles()
        checkCompanionMethodNames()
    }

    /// Reports `value` unless it is one of `allowed`, suggesting the closest.
    mutating func checkOneOf(_ value: Located<String>, _ allowed: [String], what: String) {
        guard !allowed.contains(value.value) else { return }
        log.error(
            "unknown \(what) '\(value.value)' (use " + allowed.joined(separator: ", ") + ")"
                + Suggestion.didYouMean(value.value, among: allowed),
            at: value.location)
    }

    /// Reports a name that cannot become a Swift identifier.
    mutating func checkIdentifier(_ name: Located<String>, what: String) {
        guard !SwiftName.becomesIdentifier(name.value) else { return }
        log.error(
            "\(what) '\(name.value)' cannot become a Swift name: it needs letters, and must not start with a digit",
            at: name.location)
    }

    /// Reports a name that must be usable as written as a Swift identifier (it is not camel-cased).
    mutating func checkSwiftIdentifier(_ name: Located<String>, what: String, example: String) {
        guard !SwiftName.isIdentifier(name.value) else { return }
        log.error(
            "\(what) '\(name.value)' must be a Swift identifier: letters, digits and _, not starting with a digit "
                + "(such as \(example))",
            at: name.location)
    }

    /// Reports a header field name that is not an HTTP token (RFC 9110: letters, digits and
    /// ``!#$%&'*+-.^_`|~``), naming the first character that is not allowed.
    mutating func checkHeaderName(_ name: Located<String>, what: String) {
        guard let bad = name.value.unicodeScalars.first(where: { !SpecParser.isTokenCharacter($0) }) else {
            if name.value.isEmpty { log.error("a \(what) needs a name", at: name.location) }
            return
        }
        let shown = bad.properties.isWhitespace || bad.value < 0x20 || bad.value == 0x7F
            ? "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
            : "'\(bad)'"
        log.error(
            "\(what) name '\(name.value)' is not an HTTP field name: \(shown) is not allowed "
                + "(only letters, digits and !#$%&'*+-.^_`|~)",
            at: name.location)
    }

    /// Resolves `sample:` against the spec file's directory.
    static func samplePath(_ sample: String, specFile: String) -> String {
        guard !sample.hasPrefix("/"), let slash = specFile.lastIndex(of: "/") else { return sample }
        return String(specFile[...slash]) + sample
    }

    /// Each spec file generates a namespace and a client of its own (`enum Zoo`, `ZooClient`), so
    /// two files of one load naming the same service (or names that become the same Swift type)
    /// would declare both twice: an error at the later `service:`, naming the first file. So would
    /// a service named like another's client (`ZooClient` beside `Zoo`), in either order.
    private mutating func checkServiceNamesAcrossFiles() {
        var first: [String: SourceLocation] = [:]
        var clients: [String: (service: String, location: SourceLocation)] = [:]
        let advice = "each spec file generates a namespace named like its service and a client named like it with "
            + "'Client' added, so give one of them another service"
        for spec in specs where SwiftName.isIdentifier(spec.service.value) {
            let camel = SwiftName.lowerCamelCase(spec.service.value)
            let typeName = camel.prefix(1).uppercased() + camel.dropFirst()
            let clientName = typeName + "Client"
            if let location = first[typeName] {
                log.error(
                    "service '\(spec.service.value)' is also the service of \(location.file) (line \(location.line)): each spec "
                        + "file generates its own namespace and client, so give each file a service of its own "
                        + "(a file of shared models too)",
                    at: spec.service.location)
                continue
            }
            if let client = clients[typeName] {
                log.error(
                    "service '\(spec.service.value)' is also the name of the client of service '\(client.service)' "
                        + "(\(client.location.file), line \(client.location.line)): " + advice,
                    at: spec.service.location)
            } else if let location = first[clientName] {
                log.error(
                    "the client of service '\(spec.service.value)', '\(clientName)', is also the service of "
                        + "\(location.file) (line \(location.line)): " + advice,
                    at: spec.service.location)
            }
            first[typeName] = spec.service.location
            clients[clientName] = (spec.service.value, spec.service.location)
        }
    }

    /// Two files of the same service declaring the same endpoint (one file cannot: that is a
    /// duplicate YAML key).
    private mutating func checkEndpointNamesAcrossFiles() {
        var first: [String: SourceLocation] = [:]
        for spec in specs {
            var seenInFile = Set<String>()
            for endpoint in spec.endpoints where seenInFile.insert(endpoint.name.value).inserted {
                let key = spec.service.value + "." + endpoint.name.value
                if let location = first[key] {
                    log.error(
                        "duplicate endpoint '\(endpoint.name.value)' in service '\(spec.service.value)' "
                            + "(first declared at \(location))",
                        at: endpoint.name.location)
                } else {
                    first[key] = endpoint.name.location
                }
            }
        }
    }
}

extension String {
    /// The text with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
