// swift-tools-version: 6.1
import PackageDescription

/// What needs the `AsyncHTTPClient` trait: SwiftNIO is resolved only when it is on.
let withAsyncHTTPClient: TargetDependencyCondition? = .when(traits: ["AsyncHTTPClient"])
/// The AsyncHTTPClient transport, for the targets that exercise it.
let asyncHTTPClientTransport: Target.Dependency = .target(name: "CourierAsyncHTTPClient", condition: withAsyncHTTPClient)
/// What needs the `MockServer` trait: the server half of SwiftNIO, for `courier-mock` only.
let withMockServer: TargetDependencyCondition? = .when(traits: ["MockServer"])

let package = Package(
    name: "Courier",
    // The lowest OS versions the APIs Courier uses allow (issue #29; found by grepping the sources,
    // not yet by building for each OS): `Duration`, `Clock`/`ContinuousClock`, `any Clock<Duration>`
    // and `Task.sleep(for:)` (the Swift 5.7 runtime) set every floor: macOS 13, iOS 16, tvOS 16,
    // watchOS 9; visionOS 1 has them from its first version. Nothing needs more: the URLSession
    // delegate calls date from iOS 7, `AsyncStream.makeStream` is back-deployed, and
    // `Synchronization.Mutex` (macOS 15 / iOS 18) is not used (`Locked` is a pthread mutex).
    // The dependencies ask for less (swift-mustache: macOS 10.15 / iOS 13).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierTelemetry", targets: ["CourierTelemetry"]),
        .library(name: "CourierAsyncHTTPClient", targets: ["CourierAsyncHTTPClient"]),
        // The spec reader (`CourierSpec`) and the generator (`CourierGenerator`) are targets, not
        // products: users reach them through the `courier` tool and the plugins, so their APIs
        // can change with every refactor without breaking anyone's build.
        .executable(name: "courier", targets: ["CourierCLI"]),
        .executable(name: "CourierCLI", targets: ["CourierCLI"]),
        .library(name: "CourierMock", targets: ["CourierMock"]),
        .executable(name: "courier-mock", targets: ["CourierMockCLI"]),
        .executable(name: "petstore-example", targets: ["PetstoreExample"]),
        .executable(name: "courier-benchmark", targets: ["CourierBenchmark"]),
        .executable(name: "transport-probe", targets: ["TransportProbe"]),
        .plugin(name: "CourierPlugin", targets: ["CourierPlugin"]),
        .plugin(name: "CourierGenerateCommand", targets: ["CourierGenerateCommand"]),
    ],
    // The AsyncHTTPClient transport pulls in SwiftNIO (some 20 packages). Behind a trait that is
    // off by default, SwiftPM leaves those packages out of the graph of every app that does not
    // ask for it: `.package(url: …, traits: ["AsyncHTTPClient"])`.
    // The mock server needs only SwiftNIO's own package (NIOCore, NIOPosix, NIOHTTP1), not the
    // client's TLS, HTTP/2 and compression packages: a trait of its own, also off by default, so
    // neither an app nor the AsyncHTTPClient transport pays for it, and `courier-mock` does not
    // pay for the transport (`swift run --traits MockServer courier-mock …`).
    traits: [
        .trait(name: "AsyncHTTPClient", description: "The CourierAsyncHTTPClient transport on SwiftNIO"),
        .trait(name: "MockServer", description: "courier-mock and CourierMock: a server on SwiftNIO answering from a spec's samples"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        // MARK: Declarative half: YAML spec -> Swift sources

        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "CourierSpec", dependencies: ["CYAML"]),
        .target(
            name: "CourierGenerator",
            dependencies: [
                "CourierSpec",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .executableTarget(
            name: "CourierCLI",
            dependencies: [
                "CourierSpec",
                "CourierGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // courier-mock: the spec served from its samples. CourierMock holds everything (routing,
        // request checks, state) and the SwiftNIO server, which is empty without the MockServer
        // trait; the executable stays thin. The `courier` tool the plugin runs depends on neither.
        .target(
            name: "CourierMock",
            dependencies: [
                "CourierSpec",
                "CourierGenerator",
                "CourierStreamSamples",
                .product(name: "NIOCore", package: "swift-nio", condition: withMockServer),
                .product(name: "NIOPosix", package: "swift-nio", condition: withMockServer),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withMockServer),
            ]
        ),
        .executableTarget(
            name: "CourierMockCLI",
            dependencies: ["CourierMock", "CourierSpec", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .plugin(
            name: "CourierPlugin",
            capability: .buildTool(),
            dependencies: ["CourierCLI"]
        ),
        .plugin(
            name: "CourierGenerateCommand",
            capability: .command(
                intent: .custom(
                    verb: "courier-generate",
                    description: "Write the Swift generated from *.courier.yaml specs into the source tree"
                ),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated client sources next to the specs")]
            ),
            dependencies: ["CourierCLI"]
        ),

        // MARK: Runtime

        .target(
            name: "Courier",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Metrics and tracing wares: their own product, so apps that want neither link neither.
        .target(
            name: "CourierTelemetry",
            dependencies: [
                "Courier",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // A transport on AsyncHTTPClient (SwiftNIO): its own product, so apps that do not want
        // SwiftNIO never build it, and empty unless the AsyncHTTPClient trait is on.
        .target(
            name: "CourierAsyncHTTPClient",
            dependencies: [
                "Courier",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: withAsyncHTTPClient),
                .product(name: "NIOCore", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOPosix", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras", condition: withAsyncHTTPClient),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "CourierTesting",
            dependencies: ["Courier", "CourierStreamSamples", .product(name: "Logging", package: "swift-log")]
        ),
        // Stream samples cut into their elements: the one copy StubTransport and courier-mock share
        // (package access, no product of its own).
        .target(name: "CourierStreamSamples"),

        // MARK: Loopback server for tests and the example (not a product)

        // Plain POSIX sockets: exact control over the bytes (truncated bodies, dropped
        // connections, stalls) and no server framework to build.
        .target(name: "CourierTestServer"),
        // Seeded generators and shrinking property checks, for the properties of several test targets.
        .target(name: "PropertyChecking"),

        // MARK: The Petstore client, generated by the plugin from its spec

        .target(
            name: "PetstoreAPI",
            dependencies: ["Courier"],
            exclude: [],
            plugins: ["CourierPlugin"]
        ),
        .target(name: "PetstoreServer", dependencies: ["CourierTestServer"]),
        .executableTarget(
            name: "PetstoreExample",
            dependencies: ["PetstoreAPI", "Courier", "PetstoreServer", .product(name: "Logging", package: "swift-log")]
        ),
        // A GitHub-shaped client generated by the plugin: the spec constructs large public APIs need.
        .target(name: "RealAPI", dependencies: ["Courier"], plugins: ["CourierPlugin"]),
        // Killed mid-write by a test, to show a crash leaves the disk cache intact.
        .executableTarget(name: "CacheCrashProbe", dependencies: ["Courier"]),
        // Runs one hostile-server case, or one bulk transfer, per process, so that its peak memory
        // can be measured.
        .executableTarget(
            name: "TransportProbe",
            dependencies: [
                "Courier", asyncHTTPClientTransport, "CourierTestServer",
                // For the bulk mode's bare AsyncHTTPClient baseline.
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: withAsyncHTTPClient),
                .product(name: "NIOCore", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOPosix", package: "swift-nio", condition: withAsyncHTTPClient),
            ]
        ),
        .executableTarget(
            name: "CourierBenchmark",
            dependencies: [
                "Courier", "CourierTesting", "CourierTestServer", "CourierTelemetry",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),

        // MARK: Tests

        .testTarget(
            name: "CourierTests",
            dependencies: [
                "Courier", "CourierTesting", "CourierTestServer", "CacheCrashProbe", "PropertyChecking",
                // The generated Petstore client: the documentation's examples run against it.
                "PetstoreAPI",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        // PetstoreAPI: the testing article's examples run against the generated client.
        .testTarget(name: "CourierTestingTests", dependencies: ["CourierTesting", "Courier", "PetstoreAPI"]),
        .testTarget(name: "CourierStreamSamplesTests", dependencies: ["CourierStreamSamples"]),
        .testTarget(
            name: "CourierTelemetryTests",
            dependencies: [
                "CourierTelemetry", "Courier", "CourierTestServer",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(name: "CourierTestServerTests", dependencies: ["CourierTestServer"]),
        .testTarget(
            name: "CourierAsyncHTTPClientTests",
            dependencies: [asyncHTTPClientTransport, "Courier", "CourierTestServer"]
        ),
        // One suite of hostile-server cases run against every transport.
        .testTarget(
            name: "TransportConformanceTests",
            dependencies: [
                "Courier", asyncHTTPClientTransport, "CourierTesting", "CourierTestServer",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(name: "CourierSpecTests", dependencies: ["CourierSpec"]),
        // Empty without the MockServer trait; with it, the generated Petstore client against the
        // mock server in-process, and the built courier-mock as a process.
        .testTarget(
            name: "CourierMockTests",
            dependencies: [
                "CourierMock", "CourierMockCLI", "CourierSpec", "PetstoreAPI", "Courier", "CourierTestServer",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "CourierGeneratorTests",
            dependencies: ["CourierGenerator", "CourierSpec", "CourierTestServer"],
            // Golden outputs are compared as text, never compiled into the test target.
            exclude: ["Golden"]
        ),
        .testTarget(name: "CourierPluginTests", dependencies: ["CourierTestServer"]),
        .testTarget(
            name: "PetstoreAPITests",
            dependencies: ["PetstoreAPI", "Courier", "CourierTesting", "PetstoreServer", "CourierTestServer"]
        ),
        .testTarget(
            name: "RealAPITests",
            dependencies: ["RealAPI", "Courier", "CourierTestServer", "PropertyChecking", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
    ]
)

// MARK: OpenAPI importer
// `courier-import`: OpenAPI 3.0/3.1 documents into Courier specs. An executable of its own, so the
// `courier` tool the build plugin compiles does not depend on it; it needs no package beyond those
// above (it reads documents with CourierSpec's libyaml reader), so no trait gates it.
package.products.append(.executable(name: "courier-import", targets: ["CourierImportCLI"]))
package.targets += [
    .target(name: "CourierImport", dependencies: ["CourierSpec", "CourierGenerator"]),
    .executableTarget(
        name: "CourierImportCLI",
        dependencies: ["CourierImport", "CourierSpec", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(
        name: "CourierImportTests", dependencies: ["CourierImport", "CourierSpec", "CourierGenerator", "CourierTestServer"]),
]
