import Foundation

/// This repository, whose own rules table the Fun-shaped fixture uses.
enum Repository {
  /// The repository root: three folders up from this file (`Tests/LayeringCheckerTests/…`).
  static let root = URL(fileURLWithPath: #filePath)
    .resolvingSymlinksInPath()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The text of the repository's `layers.json`, or `""` when it cannot be read (every test
  /// that uses it then fails on a table that does not decode).
  static let table = (try? String(contentsOf: root.appending(path: "layers.json"), encoding: .utf8)) ?? ""
}
