// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Todos",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [
        .target(name: "TodoAPI"),
        .executableTarget(name: "TodoCLI", dependencies: ["TodoAPI"]),
    ]
)
