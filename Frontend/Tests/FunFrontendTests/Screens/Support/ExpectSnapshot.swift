import Foundation
import Testing

@testable import FunFrontend

// Snapshots of whole frames, text and styles.
//
// A snapshot is two committed files under `Frontend/Tests/FunFrontendTests/.snapshots/`:
// - `<Screen>/<state>.<W>x<H>.txt`: the frame's `Canvas.plainText` plus a final newline, so a
//   person can `cat` it and see exactly what the terminal would show (the same in every theme);
// - `<Screen>/<state>.<W>x<H>.styles.txt`: the styles, in every theme of ``ThemeCase`` (system,
//   light, dark, NO_COLOR), as the terminal receives them: a legend per theme, then each line of
//   text with, under it, a line per theme giving each cell's style as a letter of that theme's
//   legend (a blank is the screen's own style). A style regression fails the test and shows in
//   review as letters moving under the text.
// Every frame a snapshot draws is also checked for ``Legibility`` (contrast, underlines), so a
// screen with snapshots is covered by those rules without a test of its own.
//
// The folder is found from this file's `#filePath`, so the tests work from the Frontend package
// and from the umbrella package alike. It is a dot-folder because SwiftPM skips hidden folders:
// any other folder of `.txt` files inside a target makes every build warn about unhandled files
// unless both manifests exclude it.
//
// A frame that differs from its snapshot fails the test with the first differing line (expected
// and actual) followed by the whole actual file. A missing snapshot fails too: nothing is ever
// written unless asked.
//
// Re-recording: run the tests with `FUN_RECORD_SNAPSHOTS=1`, e.g.
//
//     FUN_RECORD_SNAPSHOTS=1 swift test --package-path Frontend
//
// Every snapshot assertion then writes its files and FAILS, naming the files it wrote, so a
// recording run can never be mistaken for a passing one. Read the new files (and `git diff`
// them), then run again without the variable: that run must pass.

/// Checks the frame `harness` draws at `size` against the snapshot `name` (e.g. `Home/loaded`)
/// in every theme, and checks each of those frames is legible.
@MainActor
@discardableResult
func expectSnapshot(
  of harness: ScreenHarness,
  size: TerminalSize,
  named name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let previous = harness.theme
  defer { harness.theme = previous }
  let frames = ThemeCase.all.map { themeCase in
    harness.theme = themeCase.theme
    return (themeCase, harness.frame(size))
  }
  var passed = true
  for (themeCase, frame) in frames {
    if frame.plainText != frames[0].1.plainText {
      Issue.record("The text in \(themeCase.name) differs from the text in system", sourceLocation: sourceLocation)
      passed = false
    }
    for finding in Legibility.contrastFindings(in: frame, support: themeCase.support) {
      Issue.record("\(name) at \(size) in \(themeCase.name), \(finding)", sourceLocation: sourceLocation)
      passed = false
    }
    for finding in Legibility.underlineFindings(in: frame, support: themeCase.support) {
      Issue.record("\(name) at \(size) in \(themeCase.name), \(finding)", sourceLocation: sourceLocation)
      passed = false
    }
  }
  let text = SnapshotFile(name: name, size: size, kind: "txt")
  let styles = SnapshotFile(name: name, size: size, kind: "styles.txt")
  let textMatches = text.expect(frames[0].1.plainText + "\n", sourceLocation: sourceLocation)
  let stylesMatch = styles.expect(StyledSnapshot.text(of: frames), sourceLocation: sourceLocation)
  return passed && textMatches && stylesMatch
}

/// The styles file of a snapshot: legends, then every line of text with its theme lines.
private enum StyledSnapshot {
  private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  static func text(of frames: [(ThemeCase, Canvas)]) -> String {
    guard let (_, first) = frames.first else { return "" }
    let width = (frames.map { $0.0.name.count }.max() ?? 0) + 1
    func label(_ text: String) -> String {
      text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
    var legend: [String] = []
    var masks: [[String]] = []
    for (themeCase, frame) in frames {
      let base = themeCase.theme.text.restricted(to: themeCase.support)
      var letterOf: [Style: Character] = [:]
      legend.append(label(themeCase.name) + "  (blank) " + StyleDescription.of(base))
      var rows: [String] = []
      for row in 0..<frame.rows {
        var mask = ""
        for column in 0..<frame.columns {
          guard let style = frame.cell(at: Point(column: column, row: row))?.style.restricted(to: themeCase.support)
          else { continue }
          if style == base {
            mask.append(" ")
            continue
          }
          if letterOf[style] == nil {
            let letter = letterOf.count < letters.count ? letters[letterOf.count] : "?"
            letterOf[style] = letter
            legend.append(label(themeCase.name) + "  \(letter)       " + StyleDescription.of(style))
          }
          mask.append(letterOf[style] ?? "?")
        }
        rows.append(String(mask.reversed().drop(while: { $0 == " " }).reversed()))
      }
      masks.append(rows)
    }
    var lines = legend + [""]
    for row in 0..<first.rows {
      lines.append((label(String(row + 1)) + "| " + first.line(row)).trimmingTrailingSpaces)
      for (index, (themeCase, _)) in frames.enumerated() where !masks[index][row].isEmpty {
        lines.append(label(themeCase.name) + "| " + masks[index][row])
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop(while: { $0 == " " }).reversed())
  }
}

/// One committed snapshot file.
private struct SnapshotFile {
  /// The test target's folder, `FunFrontendTests` (this file is in `Screens/Support/`).
  static let targetDirectory = URL(filePath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Whether this run records snapshots instead of comparing them.
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["FUN_RECORD_SNAPSHOTS"] == "1"
  }

  let relativePath: String

  /// The file of snapshot `name` at `size`; `kind` is its extension, `txt` or `styles.txt`.
  init(name: String, size: TerminalSize, kind: String) {
    relativePath = ".snapshots/\(name).\(size).\(kind)"
  }

  /// Checks `actual` against the file (or records it), recording an issue when they differ.
  func expect(_ actual: String, sourceLocation: SourceLocation) -> Bool {
    if Self.isRecording {
      do {
        try write(actual)
        Issue.record(
          "Recorded snapshot \(relativePath); run again without FUN_RECORD_SNAPSHOTS to verify it.",
          sourceLocation: sourceLocation
        )
      } catch {
        Issue.record("Could not record snapshot \(relativePath): \(error)", sourceLocation: sourceLocation)
      }
      return false
    }
    guard let expected = read() else {
      Issue.record(
        "No snapshot at \(relativePath). Record it with FUN_RECORD_SNAPSHOTS=1. The actual file:\n\(actual)",
        sourceLocation: sourceLocation
      )
      return false
    }
    guard let difference = Self.firstDifference(expected: expected, actual: actual) else { return true }
    Issue.record(
      """
      Snapshot \(relativePath) differs at line \(difference.line):
        expected: \(difference.expected)
        actual:   \(difference.actual)
      The actual file (re-record with FUN_RECORD_SNAPSHOTS=1 if the change is intended):
      \(actual)
      """,
      sourceLocation: sourceLocation
    )
    return false
  }

  private var url: URL {
    Self.targetDirectory.appending(path: relativePath, directoryHint: .notDirectory)
  }

  func read() -> String? {
    try? String(contentsOf: url, encoding: .utf8)
  }

  func write(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try Data(text.utf8).write(to: url, options: .atomic)
  }

  /// The first line (1-based) where the two texts differ, each side quoted; `nil` if equal.
  static func firstDifference(
    expected: String,
    actual: String
  ) -> (line: Int, expected: String, actual: String)? {
    guard expected != actual else { return nil }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let left = expectedLines.indices.contains(index) ? "\"\(expectedLines[index])\"" : "(no line)"
      let right = actualLines.indices.contains(index) ? "\"\(actualLines[index])\"" : "(no line)"
      if left != right {
        return (index + 1, left, right)
      }
    }
    return (1, "(same lines, different bytes)", "")
  }
}
