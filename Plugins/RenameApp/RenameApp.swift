import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory rename-app --name <Name> [--scheme <s>]
/// [--web-host <host>] [--allow-dirty] [--dry-run]`: turns the app into yours — module
/// prefixes, products and binary, imports, links, scheme, web host, state folder, string
/// tables, docs and CI. A thin wrapper: the `fork-kit` tool does the work (and its library,
/// `ForkKit`, is what the unit tests test), with this package's folder as the root.
@main
struct RenameApp: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try await ForkKitTool.run("rename-app", context: context, arguments: arguments)
  }
}
