import Foundation
import FunFrontend
import Testing

// Text snapshots of whole frames.
//
// A snapshot is the frame's `Canvas.plainText` plus a final newline, committed as
// `Frontend/Tests/FunFrontendTests/.snapshots/<Screen>/<state>.<W>x<H>.txt`, so a person can
// `cat` it and see exactly what the terminal would show. The folder is found from this file's
// `#filePath`, so the tests work from the Frontend package and from the umbrella package alike.
// It is a dot-folder because SwiftPM skips hidden folders: any other folder of `.txt` files
// inside a target makes every build warn about unhandled files unless both manifests exclude it.
//
// A frame that differs from its snapshot fails the test with the first differing line (expected
// and actual) followed by the whole actual frame. A missing snapshot fails too: nothing is ever
// written unless asked.
//
// Re-recording: run the tests with `FUN_RECORD_SNAPSHOTS=1`, e.g.
//
//     FUN_RECORD_SNAPSHOTS=1 swift test --package-path Frontend --filter Screens
//
// Every snapshot assertion then writes its file and FAILS, naming the file it wrote, so a
// recording run can never be mistaken for a passing one. Read the new files (and `git diff`
// them), then run again without the variable: that run must pass.

/// Checks `canvas` against the snapshot `name` (e.g. `Home/loaded`) at the canvas's size.
@discardableResult
func expectSnapshot(
  of canvas: Canvas,
  named name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let file = SnapshotFile(name: name, size: canvas.size)
  let actual = canvas.plainText + "\n"
  if SnapshotFile.isRecording {
    do {
      try file.write(actual)
      Issue.record(
        "Recorded snapshot \(file.relativePath); run again without FUN_RECORD_SNAPSHOTS to verify it.",
        sourceLocation: sourceLocation
      )
    } catch {
      Issue.record("Could not record snapshot \(file.relativePath): \(error)", sourceLocation: sourceLocation)
    }
    return false
  }
  guard let expected = file.read() else {
    Issue.record(
      "No snapshot at \(file.relativePath). Record it with FUN_RECORD_SNAPSHOTS=1. The frame:\n\(actual)",
      sourceLocation: sourceLocation
    )
    return false
  }
  guard let difference = SnapshotFile.firstDifference(expected: expected, actual: actual) else { return true }
  Issue.record(
    """
    Snapshot \(file.relativePath) differs at line \(difference.line):
      expected: \(difference.expected)
      actual:   \(difference.actual)
    The actual frame (re-record with FUN_RECORD_SNAPSHOTS=1 if the change is intended):
    \(actual)
    """,
    sourceLocation: sourceLocation
  )
  return false
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

  init(name: String, size: TerminalSize) {
    relativePath = ".snapshots/\(name).\(size).txt"
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
