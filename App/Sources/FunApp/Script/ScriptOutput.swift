import Foundation
import FunCore
import FunFrontend

/// The only place the app prints: frames and results in script mode, errors on stderr, and
/// `--help`/`--version`. The interactive UI owns stdout through the terminal instead.
///
/// What it prints may quote a deep link, a script line, a path or a catalog's words, and stdout
/// and stderr are often a terminal: every line is sanitised here (`TextSanitizer`), whatever
/// its source, so no escape sequence from outside ever reaches one.
public struct ScriptOutput: Sendable {
  private let writeOut: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void

  /// Output to the process's stdout and stderr.
  public static let standard = ScriptOutput(
    out: { text in print(text) },
    error: { text in
      // Stderr that cannot be written (`2>/dev/full`, a closed pipe) has nowhere to say so; the
      // exit status still tells.
      _ = Array((text + "\n").utf8).withUnsafeBytes { FileDescriptorWriter.writeAll(STDERR_FILENO, $0) }
    }
  )

  /// Output to two closures, one line per call (tests collect it).
  public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
    writeOut = out
    writeError = error
  }

  /// Prints a line (or several) on stdout.
  func line(_ text: String) {
    writeOut(Self.sanitized(text))
  }

  /// Prints a line (or several) on stderr.
  func error(_ text: String) {
    writeError(Self.sanitized(text))
  }

  /// `text` with each of its lines sanitised: the line breaks between them are kept.
  private static func sanitized(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TextSanitizer.sanitize(String($0)) }
      .joined(separator: "\n")
  }
}
