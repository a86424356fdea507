// swift-tools-version: 6.0
// A consumer of Courier by path, as a user's app would depend on it. The test copies this
// package to a temporary directory and rewrites COURIER_PATH to the checkout under test.
//
// The Todo targets are the DocC tutorial's package (Sources/Courier/Courier.docc/Tutorials):
// their declarations are those of Tutorial/Package.swift, line for line, and
// Tests/CourierPluginTests/Documentation/TutorialFilesTests.swift checks that they stay so.
// TodoFirstCall is the tutorial's first main.swift, before it adds wares.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Courier", path: "COURIER_PATH"),
    ],
    targets: [
        .target(
            name: "TodoAPI",
            dependencies: [.product(name: "Courier", package: "Courier")],
            plugins: [.plugin(name: "CourierPlugin", package: "Courier")]
        ),
        .executableTarget(
            name: "TodoCLI",
            dependencies: ["TodoAPI", .product(name: "Courier", package: "Courier")]
        ),
        .testTarget(
            name: "TodoAPITests",
            dependencies: [
                "TodoAPI",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
            ]
        ),
        .executableTarget(
            name: "TodoFirstCall",
            dependencies: ["TodoAPI", .product(name: "Courier", package: "Courier")]
        ),
        .target(
            name: "WeatherAPI",
            dependencies: [.product(name: "Courier", package: "Courier")],
            plugins: [.plugin(name: "CourierPlugin", package: "Courier")]
        ),
        .executableTarget(
            name: "WeatherCheck",
            dependencies: [
                "WeatherAPI",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
            ]
        ),
    ]
)
