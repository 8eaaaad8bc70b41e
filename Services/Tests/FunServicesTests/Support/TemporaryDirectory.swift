import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  /// The directory.
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("FunServicesTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Removes the directory and everything in it (restoring write permission first).
  func remove() {
    chmod(url.appendingPathComponent("locked").path, 0o700)
    try? FileManager.default.removeItem(at: url)
  }

  /// A state directory inside this one that cannot be written.
  ///
  /// For a normal user that is a directory without write permission. Root ignores
  /// permissions, so under root it is a path beneath a regular file, which nobody can create.
  func unwritableDirectory() throws -> URL {
    if geteuid() == 0 {
      let blocker = url.appendingPathComponent("blocker")
      try Data("a file, not a directory".utf8).write(to: blocker)
      return blocker.appendingPathComponent("state", isDirectory: true)
    }
    let locked = url.appendingPathComponent("locked", isDirectory: true)
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    chmod(locked.path, 0o500)
    return locked
  }

  /// The names of the files in this directory, sorted.
  var fileNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }
}

extension TemporaryDirectory {
  /// The path of `relative` inside this directory.
  func path(_ relative: String) -> String {
    url.appendingPathComponent(relative).path
  }
}
