import Foundation
import PackagePlugin

/// `swift package check-layering [--table <file>]`: checks the package tree this package is the
/// root of against its rules table (`layers.json`), with the `check-layering` tool, whose
/// output (`file:line: rule: message` per violation) it passes through. Fails when the tool
/// finds violations or cannot check the tree.
@main
struct CheckLayering: CommandPlugin {
  /// Why the command failed; SwiftPM prints it and exits non-zero.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "check-layering")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = ["--root", context.package.directoryURL.path] + arguments
    // The tool's output goes straight to the terminal.
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    switch process.terminationStatus {
    case 0:
      return
    case 1:
      throw Failure(description: "check-layering found layering violations (listed above)")
    default:
      throw Failure(description: "check-layering could not check the package tree (exit \(process.terminationStatus))")
    }
  }
}
