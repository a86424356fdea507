// swift-tools-version: 6.1
// Fuzz targets for every parser of bytes Courier does not control (issue #28). A package of its
// own, depending on Courier by path, so that nothing here is built by apps or by `swift test`.
// Built and run by `Fuzz/run.sh` (see Fuzz/README.md): libFuzzer and AddressSanitizer, release,
// with `-enable-testing` so targets reach internal parsers through `@testable import`.
import Foundation
import PackageDescription

/// The identity SwiftPM gives the root package: the name of the folder it is checked out in.
let courier = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

/// One executable per parser; each entry: target name, whether it needs the generator.
let targets: [(name: String, spec: Bool)] = [
    ("FuzzSpec", true),
    ("FuzzCacheControl", false),
    ("FuzzLinkHeader", false),
    ("FuzzRetryAfter", false),
    ("FuzzContentType", false),
    ("FuzzETag", false),
    ("FuzzVary", false),
    ("FuzzPathQuery", false),
    ("FuzzServerSentEvents", false),
    ("FuzzJSONLines", false),
    ("FuzzJSONSequence", false),
    ("FuzzDiskCacheEntry", false),
    ("FuzzCredentialFile", false),
]

let package = Package(
    name: "CourierFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [.target(name: "FuzzSupport")] + targets.map { target in
        .executableTarget(
            name: target.name,
            dependencies: ["FuzzSupport"] + (target.spec
                ? [.product(name: "CourierSpec", package: courier), .product(name: "CourierGenerator", package: courier)]
                : [.product(name: "Courier", package: courier), .product(name: "HTTPTypes", package: "swift-http-types")])
        )
    }
)
