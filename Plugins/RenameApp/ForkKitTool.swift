import Foundation
import PackagePlugin

/// Runs the `fork-kit` tool for a command plugin: what it did goes straight to the terminal;
/// why it refused (exit 1) or was called wrongly (exit 2) fails the command with that reason,
/// which SwiftPM prints on standard error.
enum ForkKitTool {
  /// Why the command failed; SwiftPM prints it and exits non-zero.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `fork-kit <command> --root <package folder> <arguments>`.
  static func run(_ command: String, context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "fork-kit").url
    process.arguments = [command, "--root", context.package.directoryURL.path] + arguments
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // The tool's reason is read whole (it closes the pipe when it exits), so it is printed once,
    // as the command's error, rather than after a line pointing at it.
    let reason = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(description: trimmed.hasPrefix("error: ") ? String(trimmed.dropFirst(7)) : trimmed)
    }
  }
}
