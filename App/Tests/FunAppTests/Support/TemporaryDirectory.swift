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

  /// Writes `text` to `name` inside the directory and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
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
