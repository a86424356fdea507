// swift-tools-version: 6.1
import PackageDescription

// Decoding throughput and memory of Courier's server-sent events against swift-openapi-runtime's,
// on the same bytes. A package of its own so that the main package never depends on
// swift-openapi-runtime. Run it in release: see README.md.
let package = Package(
    name: "sse-benchmark",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Courier", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
    ],
    targets: [
        .executableTarget(
            name: "sse-benchmark",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
    ]
)
