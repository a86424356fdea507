// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server that reads the first `pausedAfter` bytes of one upload, then stops reading until
/// `resume` is signalled, then reads on to the end and answers nothing: a slow peer, so that
/// file regions are still in flight when the test changes the file under them.
private final class PausingReader: @unchecked Sendable {
    // @unchecked: `received` is guarded by `lock`; the descriptors are set once in `init`.
    let port: Int
    let resume = DispatchSemaphore(value: 0)
    private let listener: Int32
    private let lock = NSLock()
    private var received = 0
    private let pausedAfter: Int

    var bytesReceived: Int { lock.withLock { received } }

    init(pausedAfter: Int) throws {
        self.pausedAfter = pausedAfter
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound, listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    private func serve() {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var paused = false
        while true {
            if !paused, bytesReceived >= pausedAfter {
                paused = true
                _ = resume.wait(timeout: .now() + 20)
            }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            lock.withLock { received += count }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        resume.signal()
    }
}

@Suite("AsyncHTTPClientTransport: a file that shrinks while it is being sent")
struct ShrinkingUploadTests {
    @Test("a file cut short while its regions are in flight fails the call clearly, well before the timeout")
    func shrinksMidUpload() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-shrinking-\(UUID().uuidString)")
        try PatternedBytes.make(48 << 20).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try PausingReader(pausedAfter: 1 << 20)
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "shrinking", baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, timeout: .seconds(20)),
            transport: transport)
        var request = Request<Data>(method: .post, path: "/upload")
        request.body = .file(file)
        let call = Task { try await client.send(request) }
        try await Self.waitUntil { server.bytesReceived >= 1 << 20 }
        // The server holds still with regions in flight; the file is cut under them.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1000)
        try handle.close()
        let clock = ContinuousClock()
        let start = clock.now
        server.resume.signal()
        let outcome = await call.result
        let elapsed = clock.now - start
        try await transport.shutdown()
        #expect(elapsed < .seconds(5), "\(elapsed)")
        guard case .failure(let error as CourierError) = outcome,
              case .invalidRequest(.bodyFileUnreadable) = error.reason
        else {
            Issue.record("expected bodyFileUnreadable, got \(outcome)")
            return
        }
    }

    private static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }
}
#endif
