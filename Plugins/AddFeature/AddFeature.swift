import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory add-feature <Name> [--activity <id>]`:
/// writes a working tab across the layers — Model, ViewModel, Frontend, Coordinator, strings,
/// a flow — and registers it in its activity. A thin wrapper: the `fork-kit` tool does the
/// work (and its library, `ForkKit`, is what the unit tests test), with this package's folder
/// as the root.
@main
struct AddFeature: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try await ForkKitTool.run("add-feature", context: context, arguments: arguments)
  }
}
