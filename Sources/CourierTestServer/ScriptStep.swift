import Foundation

extension TestServer.Response {
    /// One step of a scripted answer: exact bytes, pauses, and the endless or enormous
    /// streams that hostile servers send. After the last step the connection is closed.
    public enum Step: Sendable {
        /// Writes these bytes as they are.
        case send([UInt8])
        /// Waits (ended early when the server stops).
        case pause(Duration)
        /// Writes these bytes one at a time, pausing `every` between them.
        case drip([UInt8], every: Duration)
        /// Writes these bytes again and again, pausing `every` between writes, until the peer
        /// leaves or the server stops.
        case repeatForever([UInt8], every: Duration)
        /// Writes a gzip stream that inflates to `count` zero bytes (deflate can shrink that
        /// about 160 times), produced as it is sent.
        case gzipZeros(count: Int)
        /// Ends the connection at once with a TCP reset (`RST`), as a crashed peer or a
        /// middlebox does; the steps after it are not run.
        case reset

        /// Writes this text's UTF-8 bytes.
        public static func text(_ text: String) -> Step { .send(Array(text.utf8)) }
    }

    /// An answer scripted byte for byte, for a misbehaving server: the steps run in order and
    /// the connection closes after the last. A client that closes the connection before the
    /// last step is written is recorded in ``TestServer/hangUps`` (seen at the next write).
    ///
    /// ```swift
    /// server.route(.get, "/drip") { _ in
    ///     .raw([.text("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"),
    ///           .repeatForever(Array("1\r\nx\r\n".utf8), every: .milliseconds(100))])
    /// }
    /// ```
    public static func raw(_ steps: [Step]) -> TestServer.Response {
        var response = TestServer.Response(status: 0)
        response.action = .script(steps)
        return response
    }

    /// A `200` whose gzip body (`Content-Encoding: gzip`, with its `Content-Length`) inflates to
    /// `inflatedSize` zero bytes: a decompression bomb when that is large.
    public static func gzipZeros(inflatedSize: Int) -> TestServer.Response {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n"
            + "Content-Length: \(GzipZeros.compressedSize(of: inflatedSize))\r\nConnection: close\r\n\r\n"
        return .raw([.text(head), .gzipZeros(count: inflatedSize)])
    }
}

/// Carries out a scripted answer on one connection.
struct ScriptRunner {
    let socket: Socket
    let stop: StopSignal

    private var isStopping: () -> Bool { { [stop] in stop.isRaised } }

    /// Runs the steps; `true` when the peer closed the connection before they were all written
    /// (a write failed while the server was not stopping).
    func run(_ steps: [TestServer.Response.Step]) -> Bool {
        for step in steps {
            guard perform(step) else {
                if case .reset = step { return false }
                return !isStopping()
            }
        }
        return false
    }

    /// `false` once the peer has gone or the server is stopping.
    private func perform(_ step: TestServer.Response.Step) -> Bool {
        switch step {
        case .send(let bytes):
            return socket.write(bytes, isStopping: isStopping)
        case .pause(let duration):
            return pause(duration)
        case .drip(let bytes, let every):
            for byte in bytes {
                guard socket.write([byte], isStopping: isStopping), pause(every) else { return false }
            }
            return true
        case .repeatForever(let bytes, let every):
            while socket.write(bytes, isStopping: isStopping) {
                if every > .zero, !pause(every) { return false }
                if isStopping() { return false }
            }
            return false
        case .reset:
            socket.resetOnClose()
            return false
        case .gzipZeros(let count):
            var stream = GzipZeros(count: count)
            while let chunk = stream.next() {
                guard !stop.isRaised, socket.write(chunk, isStopping: isStopping) else { return false }
            }
            return true
        }
    }

    /// Waits `duration` between steps; `false` when the server stops or the peer closes the
    /// connection meanwhile. Watching the socket, not only the clock, records a hang-up the moment
    /// it happens rather than at the next write or two (the first write after a `FIN` still
    /// succeeds), which is what cancel-to-close measurements read.
    private func pause(_ duration: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        while !stop.isRaised {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return true }
            let milliseconds = Int32(min(Double(StopSignal.longestWait), (remaining.seconds * 1000).rounded(.up)))
            guard stop.waitReadable(socket, milliseconds: milliseconds) else { continue }
            if socket.peerHasClosed() { return false }
            // The client sent more (a pipelined request): nothing to watch until the next step.
            return stop.sleep(deadline - clock.now)
        }
        return false
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
