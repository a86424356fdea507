import Foundation

/// Reads HTTP/1.1 requests off one connection: the head up to the blank line, then a body by
/// `Content-Length` or chunked transfer coding. Every wait is bounded: it polls in short slices,
/// gives up when the server stops, and closes idle connections.
struct RequestReader {
    /// Why no request came.
    enum Outcome {
        case request(TestServer.Request)
        /// A head whose `Content-Length` is over ``RequestReader/maxBodyBytes``: its body is not
        /// read, and the connection is answered 413 and closed, as nginx does.
        case tooLarge(TestServer.Request)
        /// The peer closed, the server stopped, the connection idled out, or the bytes were not HTTP.
        case finished
    }

    static let maxHeadBytes = 64 * 1024
    static let maxBodyBytes = 16 * 1024 * 1024
    static let idleLimit: Duration = .seconds(30)

    let socket: Socket
    let stop: StopSignal
    private var buffer: [UInt8] = []

    init(socket: Socket, stop: StopSignal) {
        self.socket = socket
        self.stop = stop
    }

    /// Reads the next request.
    mutating func next() -> Outcome {
        guard let headEnd = fill(until: { $0.firstRange(of: [13, 10, 13, 10]) }, limit: RequestReader.maxHeadBytes) else {
            return .finished
        }
        let headBytes = buffer[..<headEnd.lowerBound]
        buffer.removeSubrange(..<headEnd.upperBound)
        let lines = String(decoding: headBytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .finished }
        var headers: [TestServer.Field] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .finished }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append(TestServer.Field(name: String(line[..<colon]), value: value))
        }
        var request = TestServer.Request(
            method: TestServer.Method(String(requestLine[0])), target: String(requestLine[1]), headers: headers, body: Data())
        if request.header("Expect")?.lowercased() == "100-continue" {
            socket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            guard let body = readChunkedBody() else { return .finished }
            request.body = body
        } else if let lengthText = request.header("Content-Length") {
            if let length = Int(lengthText), length > RequestReader.maxBodyBytes { return .tooLarge(request) }
            guard let length = Int(lengthText), length >= 0,
                  fill(until: { $0.count >= length ? length : nil }, limit: RequestReader.maxBodyBytes) != nil
            else { return .finished }
            request.body = Data(buffer[..<length])
            buffer.removeSubrange(..<length)
        }
        return .request(request)
    }

    private mutating func readChunkedBody() -> Data? {
        var body = Data()
        while true {
            guard let lineEnd = fill(until: { $0.firstRange(of: [13, 10]) }, limit: RequestReader.maxHeadBytes) else { return nil }
            let sizeText = String(decoding: buffer[..<lineEnd.lowerBound], as: UTF8.self)
                .split(separator: ";").first.map(String.init) ?? ""
            buffer.removeSubrange(..<lineEnd.upperBound)
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0,
                  body.count + size <= RequestReader.maxBodyBytes
            else { return nil }
            if size == 0 {
                // Trailer section: lines until an empty one.
                while true {
                    guard let end = fill(until: { $0.firstRange(of: [13, 10]) }, limit: RequestReader.maxHeadBytes) else { return nil }
                    let empty = end.lowerBound == 0
                    buffer.removeSubrange(..<end.upperBound)
                    if empty { return body }
                }
            }
            guard fill(until: { $0.count >= size + 2 ? size + 2 : nil }, limit: RequestReader.maxBodyBytes + 2) != nil else { return nil }
            body.append(contentsOf: buffer[..<size])
            buffer.removeSubrange(..<(size + 2))
        }
    }

    /// Reads until `found` finds something in the buffer; `nil` when the peer closed, the server
    /// stopped, the connection idled out or more than `limit` bytes piled up first.
    private mutating func fill<T>(until found: ([UInt8]) -> T?, limit: Int) -> T? {
        let clock = ContinuousClock()
        var lastActivity = clock.now
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let result = found(buffer) { return result }
            guard buffer.count <= limit, !stop.isRaised, clock.now - lastActivity < RequestReader.idleLimit else { return nil }
            guard stop.waitReadable(socket) else { continue }
            guard let count = socket.read(into: &chunk), count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
            lastActivity = clock.now
        }
    }
}
