// Pipeline overhead of Courier's client over an in-memory transport.
//
//     swift run -c release courier-benchmark [--rounds 15] [--iterations 20000]
//
//     swift run -c release courier-benchmark --only send0,send8   (just those, for a profiler)
//     swift run -c release courier-benchmark --groups             (only batches and chains)
//     swift run -c release courier-benchmark --coding             (only the models' field coding)
//
// Every round runs each variant N times, in turn; the table shows the median over rounds of
// the time per request. Overhead is measured against a bare JSONDecoder decoding the same body
// with an ISO-8601 date strategy, as a typical app would. Then 100 identical concurrent GETs go
// to a loopback server, with and without the Coalescing ware. The cost of deciding whose call it
// is (the principal) is timed alone, and so is the generated models' field coding (their helpers
// against the generic coding). Last, what a batch costs per member over calls made
// concurrently by hand, and how soon a failing member's batch closes the others' connections.

import Courier
import Foundation

let options = BenchmarkOptions(arguments: CommandLine.arguments)
if options.codingOnly {
    print(try await runFieldCodingBenchmark(options))
    exit(0)
}
if options.groupsOnly {
    print(try await runGroupBenchmark(options))
    exit(0)
}
let report = try await runBenchmark(options)
print(report)
if options.only != nil { exit(0) }
print(try await runIdentityBenchmark(options))
print(try await runFieldCodingBenchmark(options))
print(try await runCacheBenchmark(options))
print(try await runCoalescingBurst())
print(try await runRefreshBurst())
print(try await runGroupBenchmark(options))
