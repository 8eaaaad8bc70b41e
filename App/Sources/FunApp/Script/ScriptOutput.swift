import Foundation

/// The only place the app prints: frames and results in script mode, errors on stderr, and
/// `--help`/`--version`. The interactive UI owns stdout through the terminal instead.
public struct ScriptOutput: Sendable {
  private let writeOut: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void

  /// Output to the process's stdout and stderr.
  public static let standard = ScriptOutput(
    out: { text in print(text) },
    error: { text in FileHandle.standardError.write(Data((text + "\n").utf8)) }
  )

  /// Output to two closures, one line per call (tests collect it).
  public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
    writeOut = out
    writeError = error
  }

  /// Prints a line on stdout.
  func line(_ text: String) {
    writeOut(text)
  }

  /// Prints a line on stderr.
  func error(_ text: String) {
    writeError(text)
  }
}
