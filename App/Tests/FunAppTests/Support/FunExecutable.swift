import Foundation

/// Finds the `fun` binary that `swift test` built next to the test bundle.
///
/// FunAppTests depends on the `fun` product, so SwiftPM builds the binary into the same
/// `.build/<triple>/<configuration>` folder as the test bundle before running the tests; only
/// that folder is searched, so a stale binary from another build is never picked up.
enum FunExecutable {
  /// The folders the test bundle may live in, depending on the platform and test runner.
  private static var buildFolders: [URL] {
    var folders = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return folders
  }

  /// The binary, or `nil` when the test target does not depend on `fun`.
  static var url: URL? {
    buildFolders
      .map { $0.appendingPathComponent("fun") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The sanitizers' settings, which a child process must share with this run: under
  /// `swift test --sanitize=…` the `fun` a test starts is instrumented too, and reports the way
  /// the run says.
  private static let sanitizerSettings = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

  /// The environment for a `fun` a test starts: `environment` (small, so that nothing of the
  /// developer's shell changes what a test sees), plus this run's sanitizer settings, if any.
  static func environment(_ environment: [String: String]) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment.filter { sanitizerSettings.contains($0.key) }
    return environment.merging(inherited) { own, _ in own }
  }

  /// Why ``url`` is `nil`, for a failing test's message.
  static var notFoundMessage: String {
    "no `fun` binary next to the test bundle in \(buildFolders.map(\.path)); the FunAppTests target must "
      + "depend on the executable (`\"fun\"` in App/Package.swift, "
      + "`.product(name: \"fun\", package: \"App\")` in the root Package.swift)"
  }
}
