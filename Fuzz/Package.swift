// swift-tools-version: 6.1
// Fuzz targets for every parser of bytes Courier does not control (issue #28). A package of its
// own, so that nothing here is built by apps or by `swift test`. Built and run by `Fuzz/run.sh`
// (see Fuzz/README.md): libFuzzer and AddressSanitizer, with `-enable-testing` so targets reach
// internal parsers through `@testable import`.
//
// Courier's own modules are compiled here from their sources (`Linked/` holds symlinks to
// `../Sources/…`) rather than taken from the root package: depending on the root package makes
// SwiftPM build its plugin tool and everything the root declares with the sanitizer flags (the
// tool's link fails on libFuzzer's `main`), and would need its generator modules to be public
// products. Only the four modules the targets read are built.
import PackageDescription

/// One executable per parser; each entry: target name, whether it needs the generator
/// (`FuzzModels`, which reads generated models, is declared on its own below).
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
    ("FuzzMultipart", false),
]

let package = Package(
    name: "CourierFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .systemLibrary(name: "CYAML", path: "Linked/CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .target(name: "CourierSpec", dependencies: ["CYAML"], path: "Linked/CourierSpec"),
        .target(
            name: "CourierGenerator",
            dependencies: ["CourierSpec", .product(name: "Mustache", package: "swift-mustache")],
            path: "Linked/CourierGenerator"
        ),
        .target(
            name: "Courier",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log")],
            path: "Linked/Courier"
        ),
        // The generator's golden output, compiled as it is generated (the golden tests keep it so).
        .target(name: "PetstoreModels", dependencies: ["Courier"], path: "Linked/PetstoreGolden"),
        .target(name: "HubModels", dependencies: ["Courier"], path: "Linked/HubGolden"),
        .executableTarget(name: "FuzzModels", dependencies: ["FuzzSupport", "Courier", "PetstoreModels", "HubModels"]),
    ] + targets.map { target in
        .executableTarget(
            name: target.name,
            dependencies: ["FuzzSupport"] + (target.spec
                ? ["CourierSpec", "CourierGenerator"]
                : ["Courier", .product(name: "HTTPTypes", package: "swift-http-types")])
        )
    }
)
