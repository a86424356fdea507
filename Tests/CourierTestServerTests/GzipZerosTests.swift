@testable import CourierTestServer
import Foundation
import Testing

@Suite("GzipZeros")
struct GzipZerosTests {
    @Test("the stream has the size it announces and inflates to zeros (checked with Python's gzip)", arguments: [0, 1, 2, 258, 259, 300_000])
    func inflates(_ count: Int) throws {
        var stream = GzipZeros(count: count)
        var bytes: [UInt8] = []
        while let chunk = stream.next() { bytes += chunk }
        #expect(bytes.count == GzipZeros.compressedSize(of: count))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-zeros-\(count)-\(UUID()).gz")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import gzip,sys; d=gzip.open(sys.argv[1]).read(); print(len(d), d.count(0))", file.path]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        python.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "\(count) \(count)")
    }
}
