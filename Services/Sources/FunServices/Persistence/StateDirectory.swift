import Foundation
import FunCore

/// Where Fun keeps its state (favorites, settings, the log file).
///
/// The first of these that is set and non-empty wins:
/// 1. the `--state-dir DIR` argument,
/// 2. `$FUN_STATE_DIR`,
/// 3. `$XDG_STATE_HOME/fun` (ignored unless absolute, as the XDG spec asks),
/// 4. `~/.local/state/fun`.
///
/// Relative paths from the first two are resolved against the current directory. Resolution
/// is pure: the environment and home directory are parameters, so it is testable and safe
/// from any thread. Nothing is created here; the state files create the directory on demand.
public enum StateDirectory {
  /// The name of the environment variable that sets the state directory.
  static let environmentVariable = "FUN_STATE_DIR"

  /// Resolves the state directory.
  /// - Parameters:
  ///   - explicit: the `--state-dir` value, if given.
  ///   - environment: the process environment.
  ///   - homeDirectory: the home directory to use when the environment has no absolute `HOME`;
  ///     evaluated only then, since looking it up reads the user database.
  public static func resolve(
    explicit: String?,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    homeDirectory: @autoclosure () -> String = NSHomeDirectory()
  ) -> URL {
    if let explicit, !explicit.isEmpty {
      return URL(fileURLWithPath: explicit, isDirectory: true)
    }
    if let variable = environment[environmentVariable], !variable.isEmpty {
      return URL(fileURLWithPath: variable, isDirectory: true)
    }
    if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
      return URL(fileURLWithPath: stateHome, isDirectory: true).appendingPathComponent("fun", isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? homeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/state/fun", isDirectory: true)
  }
}
