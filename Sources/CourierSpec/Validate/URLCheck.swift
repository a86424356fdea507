/// Checks base URLs without a networking library: `http` or `https`, `://`, then a host and
/// an optional numeric port.
enum URLCheck {
    /// Why `text` is not a usable base URL, or `nil` when it is.
    static func problem(with text: String) -> String? {
        guard !text.contains(where: \.isWhitespace) else { return "it contains blanks" }
        guard let separator = text.firstRange(of: "://") else {
            return "it needs a scheme and a host, such as https://api.example.com"
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return "the scheme must be http or https, found '\(scheme)'"
        }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let (host, port) = split(hostAndPort)
        guard !host.isEmpty else { return "it has no host" }
        if let port, Int(port) == nil { return "the port '\(port)' is not a number" }
        return nil
    }

    /// `host:port`, `host`, `[::1]:8080`.
    private static func split(_ hostAndPort: Substring) -> (host: Substring, port: Substring?) {
        if hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") {
            let host = hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close]
            let rest = hostAndPort[hostAndPort.index(after: close)...]
            return (host, rest.hasPrefix(":") ? rest.dropFirst() : nil)
        }
        guard let colon = hostAndPort.firstIndex(of: ":") else { return (hostAndPort, nil) }
        return (hostAndPort[..<colon], hostAndPort[hostAndPort.index(after: colon)...])
    }
}
