// swift-tools-version: 6.0
// A consumer of Courier by path, as a user's app would depend on it. The test copies this
// package to a temporary directory and rewrites COURIER_PATH to the checkout under test.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Courier", path: "COURIER_PATH"),
    ],
    targets: [
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
