import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under the system's temporary directory, for a state directory, a script
/// or a catalog file; ``remove()`` deletes it. The one temporary-directory helper of every
/// package's tests, but for a state folder that holds the link socket: on macOS `$TMPDIR` makes
/// that socket's path too long, so those tests use the hand-off's `SocketDirectory`.
public struct TemporaryDirectory: Sendable {
  /// The directory.
  public let url: URL

  /// Creates the directory. Its path is canonical (macOS's `/var` is `/private/var`), as the
  /// app makes its state folder's, because nothing under a state folder is reached through a
  /// symbolic link.
  public init() throws {
    let made = FileManager.default.temporaryDirectory
      .appendingPathComponent("FunTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    if let resolved = realpath(made.path, nil) {
      url = URL(fileURLWithPath: String(cString: resolved), isDirectory: true)
      free(resolved)
    } else {
      url = made
    }
  }

  /// The permission bits (and set-id and sticky bits) of what is at `path`, not following a
  /// final symbolic link; 0 when nothing is there.
  public static func permissions(atPath path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
  }

  /// The path of `name` inside the directory.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` inside the directory (creating the folders on its way, as in
  /// `state/profiles/ada/favorites.json`) and returns its path.
  @discardableResult
  public func write(_ text: String, to name: String) throws -> String {
    let url = URL(fileURLWithPath: path(name))
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// The names of the files in the directory, sorted.
  public var fileNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  /// A directory inside this one that cannot be written.
  ///
  /// For a normal user that is a directory without write permission. Root ignores
  /// permissions, so under root it is a path beneath a regular file, which nobody can create.
  public func unwritableDirectory() throws -> URL {
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

  /// Removes the directory and everything in it (restoring write permission first).
  public func remove() {
    chmod(url.appendingPathComponent("locked").path, 0o700)
    try? FileManager.default.removeItem(at: url)
  }
}
