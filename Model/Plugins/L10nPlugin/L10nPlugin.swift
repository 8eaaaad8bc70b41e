import Foundation
import PackagePlugin

/// Generates FunModel's `L10n` accessors from the string tables in
/// `Localization/Tables/*.json` in every build: the tables are the input files, so a changed
/// or added table runs the generator again, and the accessors can never drift from them.
@main
struct L10nPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let folder = target.directoryURL.appending(path: "Localization/Tables")
    let tables = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "json" }
      // The base table first: the generator checks the others against it.
      .sorted {
        ($0.lastPathComponent == "en.json" ? "" : $0.lastPathComponent)
          < ($1.lastPathComponent == "en.json" ? "" : $1.lastPathComponent)
      }
    let output = context.pluginWorkDirectoryURL.appending(path: "L10n.swift")
    return [
      .buildCommand(
        displayName: "Generating L10n from \(tables.count) string tables",
        executable: try context.tool(named: "L10nGenerator").url,
        arguments: [output.path] + tables.map(\.path),
        inputFiles: tables,
        outputFiles: [output]
      )
    ]
  }
}
