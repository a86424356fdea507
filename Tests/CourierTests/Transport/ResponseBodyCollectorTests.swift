import Courier
import Foundation
import Testing

@Suite("ResponseBodyCollector")
struct ResponseBodyCollectorTests {
    @Test("takes bodies up to the limit and refuses the byte past it")
    func limit() throws {
        var collector = ResponseBodyCollector(limit: 10)
        try collector.append(Data(count: 6))
        try collector.append(Data(count: 4))
        #expect(collector.data.count == 10)
        #expect(throws: CourierError.self) { try collector.append(Data(count: 1)) }
        #expect(collector.data.isEmpty)
    }

    @Test("bytes from a buffer the transport holds: kept in order, held to the same limit")
    func limitFromBuffer() throws {
        var collector = ResponseBodyCollector(limit: 5)
        let first: [UInt8] = [1, 2, 3]
        let second: [UInt8] = [4, 5]
        try first.withUnsafeBytes { bytes in try collector.append(bytes) }
        try second.withUnsafeBytes { bytes in try collector.append(bytes) }
        #expect(collector.data == Data([1, 2, 3, 4, 5]))
        let error = #expect(throws: CourierError.self) {
            try [UInt8(6)].withUnsafeBytes { bytes in try collector.append(bytes) }
        }
        #expect(error?.kind == .responseTooLarge)
        #expect(collector.data.isEmpty)
    }

    @Test("a declared Content-Length over the limit fails at once; odd values are left to counting")
    func declared() throws {
        var collector = ResponseBodyCollector(limit: 100)
        do {
            try collector.expect(contentLength: "101")
            Issue.record("101 bytes were accepted")
        } catch {
            #expect(error.kind == .responseTooLarge)
            guard case .transport(.responseTooLarge(limit: 100)) = error.reason else { Issue.record("\(error)"); return }
        }
        try collector.expect(contentLength: " 100 ")
        try collector.expect(contentLength: "lots")
        try collector.expect(contentLength: "-5")
        try collector.expect(contentLength: nil)
    }

    @Test("a Content-Length value is digits between optional spaces or tabs; anything else is no length")
    func declaredLength() {
        #expect(ResponseBodyCollector.declaredLength("1024") == 1024)
        #expect(ResponseBodyCollector.declaredLength(" \t42 ") == 42)
        #expect(ResponseBodyCollector.declaredLength("0") == 0)
        for bad in [nil, "", "  ", "-1", "+1", "1 2", "12a", "0x10", "١٢", "99999999999999999999999"] {
            #expect(ResponseBodyCollector.declaredLength(bad) == nil, "\(String(describing: bad))")
        }
    }
}
