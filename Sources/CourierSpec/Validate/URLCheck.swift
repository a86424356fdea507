/// Checks base URLs without a networking library: `http` or `https`, `://`, then a host and
/// an optional numeric port, and a path; no user, query or fragment.
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
        // The client refuses these when it is made: no request would be sent with them.
        if authority.contains("@") { return "it has a user and password, which no request is sent with: use an auth scheme" }
        let rest = text[separator.upperBound...].dropFirst(authority.count)
        if rest.contains("?") {
            return "it has a query, which no request is sent with: put query parameters in the endpoints, an API key in an auth scheme"
        }
        if rest.contains("#") { return "it has a fragment, which no request is sent with" }
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
