// Writes cache entries into a directory as fast as it can, so that a test can kill it with
// SIGKILL in the middle of a write and check what the store makes of the directory.
//
//     cache-crash-probe <directory>
//
// Entry i is `GET https://probe.example/i` in partition `probe`, whose body is `i` repeated
// (about 1–64 KB), so a reader can tell a complete entry from a damaged one.

import Courier
import Foundation

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: cache-crash-probe <directory>\n".utf8))
    exit(2)
}
let store = DiskCacheStore(directory: URL(fileURLWithPath: CommandLine.arguments[1]), byteLimit: 8 << 20)
FileHandle.standardOutput.write(Data("ready\n".utf8))
// Never outlive the test: stop when the parent is gone (this process was handed to init) or
// after a minute, whichever comes first.
let parent = getppid()
let deadline = ContinuousClock.now + .seconds(60)
var i = 0
while getppid() == parent, ContinuousClock.now < deadline {
    await store.store(CacheCrashProbe.entry(i % 400))
    i += 1
}
