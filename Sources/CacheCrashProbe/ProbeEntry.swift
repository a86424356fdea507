import Courier
import Foundation

/// The entries the probe writes, so that the test can compare what it reads.
enum CacheCrashProbe {
    /// Entry `i`.
    static func entry(_ i: Int) -> CachedResponse {
        CachedResponse(
            key: key(i), status: 200, headers: [.init(name: "Content-Type", value: "text/plain")],
            body: body(i), storedAt: Date(timeIntervalSince1970: 1_700_000_000), initialAge: 0,
            freshnessLifetime: 60, vary: [:], mustRevalidate: false)
    }

    /// The key of entry `i`.
    static func key(_ i: Int) -> CacheKey {
        CacheKey(partition: "probe", method: "GET", url: "https://probe.example/\(i)")
    }

    /// The body of entry `i`.
    static func body(_ i: Int) -> Data {
        Data(String(repeating: "\(i),", count: 200 + (i * 97) % 8_000).utf8)
    }
}
