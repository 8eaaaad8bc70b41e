import Foundation

/// Reads a package manifest the way SwiftPM sees it, by running
/// `swift package dump-package --package-path <dir>` and decoding its JSON.
///
/// Each run gets a fresh temporary folder as its `--scratch-path` and `TMPDIR`, removed
/// afterwards: it never waits on (or touches) the `.build` folder of a build that is running,
/// such as the `swift test` that runs the architecture tests or the `swift package` that runs
/// the plugin, and the lock files SwiftPM leaves in the temporary directory go away with the
/// folder. With no shared state, the manifest cache is off. Remote dependencies are only
/// declared, never fetched, so it works offline. The manifest is evaluated without SwiftPM's
/// sandbox, which on macOS cannot be entered from inside the plugin's own sandbox.
public enum ManifestReader {
  /// What went wrong reading a manifest.
  public struct Failure: Error, CustomStringConvertible {
    /// A sentence naming the package and the cause.
    public let description: String
  }

  /// Decodes dump-package output.
  public static func decode(_ json: Data) throws -> PackageManifest {
    try JSONDecoder().decode(PackageManifest.self, from: json)
  }

  /// Runs dump-package on the package in `directory`.
  public static func read(packageAt directory: URL) async throws -> PackageManifest {
    let fileManager = FileManager.default
    let workspace = fileManager.temporaryDirectory.appending(
      path: "check-layering-dump-\(UUID().uuidString)",
      directoryHint: .isDirectory
    )
    try fileManager.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? fileManager.removeItem(at: workspace) }
    let outputURL = workspace.appending(path: "stdout.json")
    let errorURL = workspace.appending(path: "stderr.txt")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "package", "dump-package",
      "--package-path", directory.path,
      "--scratch-path", workspace.appending(path: "scratch").path,
      "--manifest-cache", "none",
      "--disable-sandbox",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = workspace.path
    process.environment = environment
    // Files rather than pipes: the output is read after exit, so a large manifest can never
    // fill a pipe and block the child.
    let output = try FileHandle(forWritingTo: outputURL)
    let errors = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? errors.close()
    }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice

    try await run(process)

    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
      throw Failure(
        description: "swift package dump-package failed for \(directory.path) "
          + "(exit \(process.terminationStatus)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
      )
    }
    do {
      return try decode(Data(contentsOf: outputURL))
    } catch {
      throw Failure(description: "cannot decode the manifest of \(directory.path): \(error)")
    }
  }

  /// Starts `process` and returns when it has exited; cancelling the task terminates it.
  private static func run(_ process: Process) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in continuation.resume() }
        do {
          try process.run()
        } catch {
          process.terminationHandler = nil
          continuation.resume(throwing: error)
        }
      }
    } onCancel: {
      if process.isRunning { process.terminate() }
    }
  }
}
