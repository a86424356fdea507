// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Todos",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/your-org/courier.git", from: "0.1.0"),
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
    ]
)
