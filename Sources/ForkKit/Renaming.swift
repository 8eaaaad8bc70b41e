import Foundation
import L10nTables

/// Everything a rename changes in a package tree, worked out before anything is written:
/// each text file whose names change, each file whose path changes, and each snapshot that
/// showed the old names (deleted, since its layout is the renderer's to say: it is recorded
/// again by the snapshot tests).
package struct Renaming {
  /// One file the rename touches.
  package struct Change: Equatable, Sendable {
    /// Its path relative to the root, before the rename.
    package var path: String
    /// Its path after the rename (the same when only its text changes).
    package var newPath: String
    /// Its new text, or `nil` when only its path changes (or it is a binary file).
    package var newText: String?
    /// How many names in its text were replaced.
    package var replacements: Int
  }

  /// The tree's root.
  package let root: URL
  /// The old and new names.
  package let rewriter: NameRewriter
  /// The files whose text or path changes, sorted by path.
  package private(set) var changes: [Change] = []
  /// The snapshot files that showed an old name, deleted by ``apply()``.
  package private(set) var staleSnapshots: [String] = []

  /// Works out the rename of the tree at `root` to `identity`, without writing anything.
  /// Throws when a new name would clash with a name the tree already uses.
  package init(root: URL, to identity: AppIdentity) throws(ForkKitError) {
    self.root = root
    rewriter = NameRewriter(from: try AppIdentity.read(from: root), to: identity)
    // Each word the tree uses, with the first file that uses it (for a clash's message).
    var words: [String: String] = [:]
    // The old names as the pseudo-locale shows them: a snapshot in the pseudo-locale that
    // shows one is stale too.
    let pseudoNames = rewriter.pseudoNames.map(\.0)
    for path in try TreeFile.paths(under: root) where !Self.keptAsItIs.contains(path) {
      let text = TreeFile.textIfText(at: root.appending(path: path))
      let newPath = rewriter.rewrite(path).text
      // Only a text that may name the app is searched word by word (most files never do).
      let rewritten = text.flatMap { rewriter.mayMention($0) ? rewriter.rewrite($0) : nil }
      // A clash is with a name the code declares or a file's name: words of every path and of
      // the code (not the comments) of the Swift files that use the app's modules. Docs,
      // comments and the kit's own tests may name any app in their examples.
      Self.collectWords(of: path, in: path, into: &words)
      if path.hasSuffix(".swift"), let text, rewritten?.count ?? 0 > 0 {
        for line in text.split(separator: "\n") {
          Self.collectWords(of: String(line.prefix { $0 != "/" }), in: path, into: &words)
        }
      }
      if Self.isSnapshot(path), let text, rewritten?.count ?? 0 > 0 || pseudoNames.contains(where: text.contains) {
        staleSnapshots.append(path)
        continue
      }
      var newText = rewritten.flatMap { $0.count > 0 ? $0.text : nil }
      if let text, let renamed = newText, Self.isSortedListing(path, text) { newText = Self.sortedLines(renamed) }
      if newText != nil || newPath != path {
        changes.append(Change(path: path, newPath: newPath, newText: newText, replacements: rewritten?.count ?? 0))
      }
    }
    try checkClashes(with: words)
  }

  /// Files the rename never touches: the licence keeps the original copyright notice, as the
  /// MIT licence asks (docs/Forking.md says to add your own line beside it).
  static let keptAsItIs: Set<String> = ["LICENSE"]

  /// Whether there is nothing to rename: the tree names only the new identity.
  package var isEmpty: Bool {
    changes.isEmpty && staleSnapshots.isEmpty
  }

  /// Writes the rename: new texts, moved files (old folders left empty are removed) and the
  /// stale snapshots deleted. File permissions (an executable script) are kept.
  package func apply() throws(ForkKitError) {
    let files = FileManager.default
    var emptied = Set<URL>()
    for change in changes {
      let from = root.appending(path: change.path)
      let to = root.appending(path: change.newPath)
      let permissions = (try? files.attributesOfItem(atPath: from.path))?[.posixPermissions]
      do {
        if let newText = change.newText {
          try TreeFile.write(newText, to: to)
          if to != from { try files.removeItem(at: from) }
        } else {
          try files.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
          try files.moveItem(at: from, to: to)
        }
        if let permissions { try files.setAttributes([.posixPermissions: permissions], ofItemAtPath: to.path) }
      } catch let error as ForkKitError {
        throw error
      } catch {
        throw .io("Cannot move \(change.path) to \(change.newPath): \(error.localizedDescription)")
      }
      if to != from { emptied.insert(from.deletingLastPathComponent()) }
    }
    for path in staleSnapshots {
      let url = root.appending(path: path)
      do {
        try files.removeItem(at: url)
      } catch {
        throw .io("Cannot delete \(path): \(error.localizedDescription)")
      }
      emptied.insert(url.deletingLastPathComponent())
    }
    for folder in emptied { Self.removeEmptyFolders(from: folder, upTo: root) }
  }

  /// Formats the Swift files whose text the rename changed, so the renamed tree passes the
  /// strict lint: a longer name makes lines too long, and `import FunCore` renamed to
  /// `import OrbitCore` sorts after `import Observation`. `false` when swift format could not run.
  package func format() -> Bool {
    TreeFile.format(changes.filter { $0.newText != nil }.map(\.newPath), root: root)
  }

  /// What ``apply()`` did (or would do), one line per file, then a summary.
  package var report: [String] {
    var lines = changes.map { change in
      let moved = change.newPath == change.path ? "" : " → \(change.newPath)"
      let edited = change.replacements > 0 ? " (\(Self.counted(change.replacements, "name")))" : ""
      return "  \(change.path)\(moved)\(edited)"
    }
    lines += staleSnapshots.map { "  \($0) (deleted: a snapshot that showed the old name)" }
    let moves = changes.filter { $0.newPath != $0.path }.count
    lines.append(
      "\(rewriter.old.name) is now \(rewriter.new.name): \(Self.counted(changes.count, "file")) changed "
        + "(\(moves) moved), \(Self.counted(changes.reduce(0) { $0 + $1.replacements }, "name")) replaced, "
        + "\(Self.counted(staleSnapshots.count, "snapshot")) to record again."
    )
    return lines
  }

  /// `1 name`, `2 names`: the report's counts, in English as the fork kit speaks it.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// Whether `path` is one of the public API listings (`api/<Module>.txt`) and `text` is
  /// sorted as `list-api` sorts them: renamed, its lines sort differently (`FunCore.…` became
  /// `OrbitCore.…`), and the `api` step compares it with a fresh, sorted listing.
  static func isSortedListing(_ path: String, _ text: String) -> Bool {
    path.hasPrefix("api/") && path.hasSuffix(".txt") && sortedLines(text) == text
  }

  /// `text`'s lines sorted, as `list-api` writes a listing: one declaration a line, a newline
  /// at the end.
  static func sortedLines(_ text: String) -> String {
    text.split(separator: "\n").map(String.init).sorted().joined(separator: "\n") + "\n"
  }

  /// A snapshot file of the snapshot tests, which record it from what the screen renders.
  static func isSnapshot(_ path: String) -> Bool {
    path.split(separator: "/").contains(".snapshots")
  }

  /// Refuses a rename whose new names the tree already uses for something else: `Home` would
  /// turn the module `FunViewModel` into `HomeViewModel`, a type that exists.
  private func checkClashes(with words: [String: String]) throws(ForkKitError) {
    for word in words.keys.sorted() {
      let renamed = rewriter.rewrite(word).text
      guard renamed != word, let other = words[renamed], let path = words[word] else { continue }
      throw .badArgument(
        "\"\(rewriter.new.name)\" would clash: renaming would turn \(word) into \(renamed) in \(path), and "
          + "\(renamed) already names something else in \(other). Choose another name (or scheme, or web host).")
    }
  }

  private static func collectWords(of text: String, in path: String, into words: inout [String: String]) {
    var word = ""
    for character in text + " " {
      if character.isASCII, character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else if !word.isEmpty {
        if words[word] == nil { words[word] = path }
        word = ""
      }
    }
  }

  private static func removeEmptyFolders(from folder: URL, upTo root: URL) {
    var folder = folder.standardizedFileURL
    let rootPath = root.standardizedFileURL.path
    while folder.path.hasPrefix(rootPath + "/"),
      let contents = try? FileManager.default.contentsOfDirectory(atPath: folder.path), contents.isEmpty
    {
      try? FileManager.default.removeItem(at: folder)
      folder = folder.deletingLastPathComponent()
    }
  }
}
