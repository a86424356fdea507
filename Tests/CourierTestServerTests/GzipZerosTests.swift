@testable import CourierTestServer
import Foundation
import Testing

@Suite("GzipZeros")
struct GzipZerosTests {
    @Test("the stream has the size it announces and inflates to zeros (checked with Python's gzip)", arguments: [0, 1, 2, 258, 259, 300_000])
    func inflates(_ count: Int) async throws {
        var stream = GzipZeros(count: count)
        var bytes: [UInt8] = []
        while let chunk = stream.next() { bytes += chunk }
        #expect(bytes.count == GzipZeros.compressedSize(of: count))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-zeros-\(count)-\(UUID()).gz")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try await pythonOutput(["-c", "import gzip,sys; d=gzip.open(sys.argv[1]).read(); print(len(d), d.count(0))", file.path])
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "\(count) \(count)")
    }
}

/// What `python3 arguments…` prints, run on a Dispatch thread: waiting for a process (Python
/// starts in a second or more on a loaded machine) must hold neither of the two threads of the
/// cooperative pool that every other test of the run shares.
private func pythonOutput(_ arguments: [String]) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result {
                let python = try ChildProcess(executable: "/usr/bin/env", arguments: ["python3"] + arguments, output: .pipe)
                // Read before waiting, so that a large output cannot fill the pipe and deadlock.
                let data = python.output?.readDataToEndOfFile() ?? Data()
                _ = python.waitUntilEnded()
                return String(decoding: data, as: UTF8.self)
            })
        }
    }
}
