import Foundation
import FunCore
import FunModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rules the state folder must meet before Fun reads or writes anything in it, and the
/// housekeeping of a start.
///
/// The folder is trusted only if it is a real directory (not a symbolic link) that belongs to
/// the user running Fun and that nobody else can write; and every folder on the way to it must
/// belong to that user or to root and be closed to other writers, unless it is sticky like
/// `/tmp`, and every symbolic link on the way must belong to that user or to root.
/// Otherwise another local user could have made it first (`--state-dir /tmp/demo`) and plant
/// links in it that turn Fun's writes and deletions against your own files. This is OpenSSH's
/// `StrictModes` applied to the state folder, and the XDG runtime folder's rule.
///
/// A missing folder is created, with any missing parents, private to its owner (0700). Fun
/// never changes the mode of a folder it did not create: a folder that is open to others is
/// refused with the command that closes it, its path quoted for a shell (or, when the path
/// holds characters shown as escapes, which a pasted command would not reproduce, with the
/// folder named instead).
public enum StateFolder {
  /// Why the state folder is not used. Each ``text`` says what is wrong and how to fix it.
  public enum Refusal: Error, Equatable, Sendable {
    /// The folder is a symbolic link.
    case symbolicLink(path: String)
    /// Something other than a folder is there.
    case notAFolder(path: String)
    /// The folder belongs to another user.
    case foreignOwner(path: String, uid: UInt32)
    /// Group or others may write in the folder (`mode` is its permission bits).
    case writableByOthers(path: String, mode: UInt32)
    /// A folder above it belongs to another user, or others may write in it without the
    /// sticky bit.
    case unsafeParent(path: String, parent: String, uid: UInt32, mode: UInt32)
    /// The folder does not exist and cannot be created.
    case cannotCreate(path: String, reason: String)

    /// What is wrong and what to do, for a person.
    public var text: LocalizedText {
      // A path quoted as it is spelled, escapes visible: a sanitised one would name, and advise
      // `chmod` on, another folder.
      let escaped = VisibleEscapes.escaped
      return switch self {
      case .symbolicLink(let path):
        L10n.StateFolder.symbolicLink(escaped(path))
      case .notAFolder(let path):
        L10n.StateFolder.notAFolder(escaped(path))
      case .foreignOwner(let path, let uid):
        L10n.StateFolder.foreignOwner(path: escaped(path), owner: String(uid))
      case .writableByOthers(let path, let mode):
        // A path shown with escapes is not the path: a command quoting it would name another.
        escaped(path) == path
          ? L10n.StateFolder.writableByOthers(path: path, mode: Self.octal(mode), shellPath: Self.shellQuoted(path))
          : L10n.StateFolder.writableByOthersNoCommand(path: escaped(path), mode: Self.octal(mode))
      case .unsafeParent(let path, let parent, let uid, let mode):
        L10n.StateFolder.unsafeParent(
          path: escaped(path), parent: escaped(parent), owner: String(uid), mode: Self.octal(mode))
      case .cannotCreate(let path, let reason):
        L10n.StateFolder.cannotCreate(path: escaped(path), reason: reason)
      }
    }

    /// `path` as a POSIX shell reads it back as one word: as it is when every character is one
    /// no shell treats specially, else in single quotes, each `'` in it written `'\''`.
    static func shellQuoted(_ path: String) -> String {
      let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-")
      guard path.isEmpty || !path.allSatisfy(plain.contains) else { return path }
      return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func octal(_ mode: UInt32) -> String {
      let digits = String(mode & 0o7777, radix: 8)
      return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
  }

  /// Checks the state folder at `folder`, creating it (0700) if it is missing, and returns its
  /// canonical path: every folder above it resolved, so no later path through it crosses a
  /// symbolic link. Touches nothing when the folder is refused: the way to it is checked before
  /// anything is created.
  /// - Throws: a ``Refusal`` that says what is wrong and how to fix it.
  public static func claim(_ folder: URL) throws(Refusal) -> URL {
    let path = folder.standardizedFileURL.path
    let resolved = try resolve(path)
    let real = try create(resolved.missing, in: resolved.existing, for: path)
    var info = stat()
    guard lstat(real, &info) == 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
    guard info.st_mode & S_IFMT != S_IFLNK else { throw .symbolicLink(path: path) }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
    guard info.st_uid == geteuid() else { throw .foreignOwner(path: path, uid: UInt32(info.st_uid)) }
    guard info.st_mode & 0o022 == 0 else { throw .writableByOthers(path: path, mode: UInt32(info.st_mode & 0o7777)) }
    return URL(fileURLWithPath: real, isDirectory: true)
  }

  /// Makes the `missing` folders (0700) one inside the next in `existing`, a checked real
  /// folder, on the way to the state folder at `path`; returns the last one's path.
  ///
  /// A folder on the way that someone made since it was found missing must pass as if it had
  /// been there (its owner and mode, never a link); the state folder itself is `claim`'s to
  /// check. So nobody can slip a folder of theirs into the way between the check and the
  /// `mkdir`.
  static func create(_ missing: [Substring], in existing: String, for path: String) throws(Refusal) -> String {
    var real = existing
    var info = stat()
    for (index, component) in missing.enumerated() {
      real = (real as NSString).appendingPathComponent(String(component))
      guard mkdir(real, 0o700) != 0 else { continue }
      guard errno == EEXIST else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
      guard index < missing.count - 1 else { break }
      guard lstat(real, &info) == 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .unsafeParent(path: path, parent: real, uid: UInt32(info.st_uid), mode: UInt32(info.st_mode & 0o7777))
      }
      try checkPassage(real, info, for: path)
    }
    return real
  }

  /// Resolves `path` (the state folder's) one component at a time, as the kernel would, but
  /// checking on the way what the kernel does not: every folder passed through must belong to
  /// this user or to root and be closed to other writers (unless sticky, like `/tmp`), and every
  /// symbolic link must belong to this user or to root, since another user's link, or one in a
  /// folder another user can change, could point anywhere of yours.
  /// - Returns: the real path of the part that exists, and the components after it that do not
  ///   (the folder's, and missing parents'); the folder itself, when it exists, is not checked.
  private static func resolve(_ path: String) throws(Refusal) -> (existing: String, missing: [Substring]) {
    // The components still to walk, the next one last.
    var pending = Array(path.split(separator: "/").reversed())
    var current = "/"
    var info = stat()
    guard stat(current, &info) == 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
    try checkPassage(current, info, for: path)
    var linksFollowed = 0
    while let component = pending.popLast() {
      if component == "." { continue }
      if component == ".." {
        current = (current as NSString).deletingLastPathComponent
        continue
      }
      let next = (current as NSString).appendingPathComponent(String(component))
      guard lstat(next, &info) == 0 else {
        guard errno == ENOENT else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        let missing = [component] + pending.reversed()
        guard !missing.contains(where: { $0 == "." || $0 == ".." }) else {
          throw .cannotCreate(path: path, reason: String(cString: strerror(ENOENT)))
        }
        return (current, missing)
      }
      let isFolderItself = pending.isEmpty
      if info.st_mode & S_IFMT == S_IFLNK {
        guard !isFolderItself else { throw .symbolicLink(path: path) }
        guard info.st_uid == geteuid() || info.st_uid == 0 else {
          throw .unsafeParent(path: path, parent: next, uid: UInt32(info.st_uid), mode: UInt32(info.st_mode & 0o7777))
        }
        linksFollowed += 1
        guard linksFollowed <= 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: next) else {
          throw .cannotCreate(path: path, reason: String(cString: strerror(ELOOP)))
        }
        if target.hasPrefix("/") { current = "/" }
        pending.append(contentsOf: target.split(separator: "/").reversed())
        continue
      }
      if isFolderItself { return (next, []) }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .cannotCreate(path: path, reason: String(cString: strerror(ENOTDIR)))
      }
      try checkPassage(next, info, for: path)
      current = next
    }
    return (current, [])
  }

  /// Throws unless `folder` (described by `info`), on the way to the state folder at `path`,
  /// belongs to this user or to root and is closed to other writers or sticky.
  private static func checkPassage(_ folder: String, _ info: stat, for path: String) throws(Refusal) {
    let isOwnersOrRoots = info.st_uid == geteuid() || info.st_uid == 0
    let isClosedToOthers = info.st_mode & 0o022 == 0 || info.st_mode & S_ISVTX != 0
    guard isOwnersOrRoots, isClosedToOthers else {
      throw .unsafeParent(path: path, parent: folder, uid: UInt32(info.st_uid), mode: UInt32(info.st_mode & 0o7777))
    }
  }

  /// Moves aside what is at `name` in `folder` unless it is a regular file of this user's (a
  /// symbolic link planted where the log belongs, a FIFO), as a corrupt state file is.
  /// - Returns: the problem to report, or `nil` when the entry is missing or as it should be.
  public static func setAsideUnlessRegularFile(named name: String, in folder: URL, at date: Date) -> AppError? {
    let path = folder.appendingPathComponent(name).path
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    let reason: LocalizedText
    if info.st_mode & S_IFMT != S_IFREG {
      reason = L10n.Reason.notRegularFile(FileSystem.kind(of: info))
    } else if info.st_uid != geteuid() {
      reason = L10n.Reason.foreignOwner(String(info.st_uid))
    } else {
      return nil
    }
    do throws(FileSystem.Failure) {
      return .unsafeStateFile(name: name, reason: reason, movedTo: try FileSystem.moveAside(path, at: date))
    } catch {
      return .stateNotWritable(path: path, reason: L10n.Reason.notMovedAside(reason: reason, cause: error.reason))
    }
  }

  /// Removes the temporary files that saves interrupted by a signal or a crash left in the
  /// state folder and in each profile's folder: only names Fun writes
  /// (`.NAME.json.tmp-<pid>-<UUID>`, `.http-catalog.cache.tmp-<pid>-<UUID>`), only regular files, only of processes that no longer run,
  /// never through a link.
  /// - Returns: the paths removed, for the log.
  public static func removeAbandonedTemporaryFiles(in folder: URL) -> [String] {
    let profiles = folder.appendingPathComponent(LocalProfilesService.folderName, isDirectory: true).path
    var folders = [folder.path]
    if FileSystem.isOwnDirectory(path: profiles) {
      folders += FileSystem.names(inDirectory: profiles).map { profiles + "/" + $0 }
        .filter(FileSystem.isOwnDirectory(path:))
    }
    var removed: [String] = []
    for directory in folders {
      for name in FileSystem.names(inDirectory: directory) {
        guard let process = writer(ofTemporaryFile: name), process != getpid(), !isRunning(process) else { continue }
        let path = directory + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
        if unlink(path) == 0 {
          removed.append(path)
        }
      }
    }
    return removed
  }

  /// The process that wrote `name`, if it is one of Fun's temporary files
  /// (``FileSystem/temporaryName(for:process:id:)``) for a state file: a `.json` name, or
  /// the http catalog's `.cache`.
  static func writer(ofTemporaryFile name: String) -> pid_t? {
    guard let file = FileSystem.temporaryFile(named: name),
      file.name.hasSuffix(".json") || file.name.hasSuffix(".cache")
    else { return nil }
    return file.process
  }

  private static func isRunning(_ process: pid_t) -> Bool {
    kill(process, 0) == 0 || errno == EPERM
  }
}
