import Foundation
import PackagePlugin

/// Courier's own `templates/` directory, found through SwiftPM's package graph.
///
/// Only a package build has a graph to walk (`context.package`); an Xcode project has none, and
/// then the `courier` tool uses the copy of the templates it carries. Passing the directory when
/// there is one keeps Courier's own targets regenerating when a template is edited.
enum CourierPackageLookup {
    /// `templates/` in the package that vends the plugins (the consumer's package itself only
    /// when Courier builds its own targets), or `nil` when it cannot be found.
    static func templatesDirectory(in package: Package) -> URL? {
        guard let courier = findCourier(in: package) else { return nil }
        let templates = courier.directoryURL.appendingPathComponent("templates")
        return FileManager.default.fileExists(atPath: templates.path) ? templates : nil
    }

    /// Breadth-first, so the nearest Courier wins if several versions were somehow in the graph.
    private static func findCourier(in root: Package) -> Package? {
        var queue = [root]
        var seen = Set<String>()
        while !queue.isEmpty {
            let package = queue.removeFirst()
            guard seen.insert(package.id).inserted else { continue }
            if package.targets.contains(where: { $0.name == CourierPlan.toolName }) { return package }
            queue += package.dependencies.map(\.package)
        }
        return nil
    }
}
