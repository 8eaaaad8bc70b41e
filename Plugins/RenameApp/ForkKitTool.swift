import Foundation
import PackagePlugin

/// Runs the `fork-kit` tool for a command plugin: its output goes straight to the terminal,
/// and a refusal (exit 1) or a wrong call (exit 2) fails the command.
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
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(command) changed nothing (the reason is above)")
    }
  }
}
