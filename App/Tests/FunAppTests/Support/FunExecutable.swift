import Foundation

/// Finds the `fun` binary that `swift test` built next to the test bundle.
///
/// FunAppTests depends on the `fun` product, so SwiftPM builds the binary into the same
/// `.build/<triple>/<configuration>` folder as the test bundle before running the tests; only
/// that folder is searched, so a stale binary from another build is never picked up.
///
/// The folder is found from the bundle of a class of this module, whose executable is the
/// image the tests' code was loaded from. That holds however the tests run: on Linux the bundle
/// is the process itself; on macOS it is loaded into `xctest` or into the toolchain's Swift
/// Testing helper, so neither the process's path nor `Bundle.main` leads to it.
enum FunExecutable {
  /// The build folder: the one holding the `.xctest` bundle this code was loaded from.
  private static var buildFolder: URL? {
    Bundle(for: BundleFinder.self).executableURL.flatMap { buildFolder(ofImageAt: $0.path) }
  }

  /// A class of this module, whose bundle is the test bundle (SwiftPM's own resource accessor
  /// finds its bundle the same way).
  private final class BundleFinder {}

  /// The folder holding the `.xctest` bundle that the image at `path` belongs to:
  /// `<folder>/X.xctest` on Linux, `<folder>/X.xctest/Contents/MacOS/X` on macOS.
  static func buildFolder(ofImageAt path: String) -> URL? {
    var url = URL(fileURLWithPath: path)
    while url.pathComponents.count > 1 {
      if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
      url.deleteLastPathComponent()
    }
    return nil
  }

  /// The binary, or `nil` when the test target does not depend on `fun`.
  static var url: URL? { executable(named: "fun") }

  /// The program that takes the terminal over and crashes (App's `crash-probe`), or `nil` when
  /// the test target does not depend on it.
  static var crashProbeURL: URL? { executable(named: "crash-probe") }

  private static func executable(named name: String) -> URL? {
    buildFolder
      .map { $0.appendingPathComponent(name) }
      .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
  }

  /// The settings a child process must share with this run: under `swift test --sanitize=…`
  /// the `fun` a test starts is instrumented too, and reports the way the run says; under
  /// `--enable-code-coverage` it writes its profile where the run's is merged, so the code only
  /// a real `fun` runs (the interactive session) counts as covered by the tests that run it.
  private static let inheritedSettings = [
    "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "LLVM_PROFILE_FILE",
  ]

  /// The environment for a `fun` a test starts: `environment` (small, so that nothing of the
  /// developer's shell changes what a test sees), plus this run's sanitizer and coverage
  /// settings, if any.
  static func environment(_ environment: [String: String]) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment.filter { inheritedSettings.contains($0.key) }
    return environment.merging(inherited) { own, _ in own }
  }

  /// The environment every `fun` a test starts without a terminal gets: no backtracer (a crash
  /// ends at once), this run's `PATH`, the temporary folder as `HOME`.
  static var standardEnvironment: [String: String] {
    environment([
      "SWIFT_BACKTRACE": "enable=no",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": FileManager.default.temporaryDirectory.path,
    ])
  }

  /// Why ``url`` is `nil`, for a failing test's message.
  static var notFoundMessage: String { notFoundMessage(for: "fun") }

  /// Why the executable `name` of App is not found, for a failing test's message.
  static func notFoundMessage(for name: String) -> String {
    "no `\(name)` binary next to the test bundle in \(buildFolder?.path ?? "(the bundle's folder was not found)"); "
      + "the FunAppTests target must depend on the executable (`\"\(name)\"` in App/Package.swift, "
      + "`.product(name: \"\(name)\", package: \"App\")` in the root Package.swift)"
  }
}
