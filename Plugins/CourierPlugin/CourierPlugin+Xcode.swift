// Xcode project targets: compiled only by Xcode, which alone ships the XcodeProjectPlugin module.
// Never compiled on the Linux machines this package is developed on; written against Apple's
// documentation of XcodeProjectPlugin (developer.apple.com/documentation/xcodeprojectplugin):
// XcodeBuildToolPlugin.createBuildCommands(context:target:), XcodePluginContext
// (pluginWorkDirectoryURL, tool(named:)), XcodeTarget (displayName, inputFiles: FileList of
// File with url), as swift-openapi-generator's plugin uses them.
#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension CourierPlugin: XcodeBuildToolPlugin {
    /// An Xcode target has no package and no folder: its input files are all there is, and the
    /// `courier` tool uses the templates it carries.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            for: CourierTargetFiles(name: target.displayName, files: target.inputFiles.map(\.url), directory: nil),
            workDirectory: context.pluginWorkDirectoryURL,
            courierTemplates: nil,
            tool: { try context.tool(named: $0).url }
        )
    }
}
#endif
