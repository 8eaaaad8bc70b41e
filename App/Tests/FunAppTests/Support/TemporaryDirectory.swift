import Foundation

/// A fresh directory under the system's temporary directory, for a state directory, a script
/// or a catalog file; ``remove()`` deletes it.
struct TemporaryDirectory {
  /// The directory.
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("FunAppTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` inside the directory (creating the folders on its way, as in
  /// `state/profiles/ada/favorites.json`) and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let url = URL(fileURLWithPath: path(name))
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// The names of the files in the directory, sorted.
  var fileNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  /// Removes the directory and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
