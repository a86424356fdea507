// Xcode project targets: compiled only by Xcode, which alone ships the XcodeProjectPlugin module.
// Never compiled on the Linux machines this package is developed on; written against Apple's
// documentation of XcodeProjectPlugin (developer.apple.com/documentation/xcodeprojectplugin):
// XcodeCommandPlugin.performCommand(context:arguments:) (synchronous, throwing), XcodePluginContext
// (xcodeProject, tool(named:)), XcodeProject (displayName, targets), XcodeTarget (displayName,
// inputFiles: FileList of File with url).
#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

extension CourierGenerateCommand: XcodeCommandPlugin {
    /// Writes `Generated/` beside each selected target's first spec. Xcode adds the files to the
    /// target when that folder is a synchronized (blue) folder; otherwise add them once by hand.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let targets = context.xcodeProject.targets.map {
            CourierTargetFiles(name: $0.displayName, files: $0.inputFiles.map(\.url), directory: nil)
        }
        try Self.generate(
            targets, in: context.xcodeProject.displayName, arguments: arguments,
            courierTemplates: nil,
            tool: { try context.tool(named: $0).url }
        )
    }
}
#endif
