import Foundation

/// The files of a package tree, as fork-kit reads and writes them: the files git tracks (or,
/// outside git, every file but build folders), text only, and whether the tree is clean.
package enum TreeFile {
  /// Folders that hold build products or git's own data, never the project's files.
  static let skippedFolders: Set<String> = [".git", ".build", ".swiftpm", ".build-docs", ".build-fuzz"]

  /// The text of the file at `url`.
  static func text(at url: URL) throws(ForkKitError) -> String {
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw .io("Cannot read \(url.path): \(error.localizedDescription)")
    }
  }

  /// The text of the file at `url`, or `nil` when it is not UTF-8 text (a binary fuzz input, an
  /// image): such files are never rewritten.
  static func textIfText(at url: URL) -> String? {
    guard let data = try? Data(contentsOf: url), !data.contains(0) else { return nil }
    return String(data: data, encoding: .utf8)
  }

  /// Writes `text` to `url`, creating the folders on the way.
  static func write(_ text: String, to url: URL) throws(ForkKitError) {
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw .io("Cannot write \(url.path): \(error.localizedDescription)")
    }
  }

  /// The project's files under `root`, as paths relative to it, sorted: git's tracked and
  /// untracked-but-not-ignored files inside a git work tree, else every file outside the
  /// build folders.
  package static func paths(under root: URL) throws(ForkKitError) -> [String] {
    if let listed = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root) {
      let paths = listed.split(separator: "\0").map(String.init)
      return Set(paths).filter { FileManager.default.fileExists(atPath: root.appending(path: $0).path) }.sorted()
    }
    return walk(root)
  }

  /// The paths `git status` reports as changed or untracked under `root`; `nil` outside a git
  /// work tree, where nobody can tell what a command would overwrite.
  package static func changedPaths(under root: URL) -> [String]? {
    guard let status = git(["status", "--porcelain", "-z"], in: root) else { return nil }
    return status.split(separator: "\0").map { String($0.dropFirst(3)) }.filter { !$0.isEmpty }
  }

  /// Throws unless `root` is a git work tree without uncommitted changes, so that what
  /// `command` writes can be reviewed (and undone) on its own.
  static func requireClean(_ root: URL, for command: String) throws(ForkKitError) {
    guard let changed = changedPaths(under: root) else {
      throw .badArgument(
        "\(root.path) is not a git work tree, so nothing tells what \(command) would overwrite: "
          + "commit it to git first, or pass --allow-dirty.")
    }
    if !changed.isEmpty { throw .dirtyTree(changed) }
  }

  /// Formats the Swift files among `paths` (relative to `root`) in place with the toolchain's
  /// `swift format`, so what a command wrote or renamed passes the strict lint whatever the
  /// names' lengths and sort order; `false` when swift format could not be run or failed.
  static func format(_ paths: [String], root: URL) -> Bool {
    let swiftFiles = paths.filter { $0.hasSuffix(".swift") }.map { root.appending(path: $0).path }
    guard !swiftFiles.isEmpty else { return true }
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["swift", "format", "format", "--in-place", "--parallel"] + swiftFiles
    process.currentDirectoryURL = root
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  private static func walk(_ root: URL) -> [String] {
    var paths: [String] = []
    let keys: [URLResourceKey] = [.isDirectoryKey]
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
      return []
    }
    let rootPath = root.standardizedFileURL.path
    for case let url as URL in enumerator {
      let isDirectory = (try? url.resourceValues(forKeys: Set(keys)).isDirectory) ?? false
      if isDirectory {
        if skippedFolders.contains(url.lastPathComponent) { enumerator.skipDescendants() }
        continue
      }
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(rootPath + "/") else { continue }
      paths.append(String(path.dropFirst(rootPath.count + 1)))
    }
    return paths.sorted()
  }

  /// git's output for `arguments` in `root`, or `nil` when git is missing or `root` is not in
  /// a work tree.
  private static func git(_ arguments: [String], in root: URL) -> String? {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["git", "-C", root.path] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
