import PackagePlugin

@main
struct CourierGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
