import Foundation
import FunCore
import FunModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls behind every state file, with the rules of the state folder built in:
/// nothing under it is followed or read unless it is what it should be.
///
/// - A state file is read only if it is a regular file owned by this user, opened without
///   following a symbolic link and without blocking (a FIFO or a device is refused, never
///   waited on), and no larger than ``stateFileLimit``.
/// - A folder on the way to a state file must be a real directory (no component of the path
///   is a symbolic link: the state folder's path is made canonical at start) and the one
///   holding the file must belong to this user.
/// - What is created is private: folders 0700, files 0600.
///
/// Every failure names its cause ("Permission denied", "a symbolic link", "larger than
/// 16 MiB"), so every `AppError` built from one says what is wrong.
enum FileSystem {
  /// The largest state file read: 16 MiB, thousands of times any real one, small enough that
  /// reading and decoding it never keeps a person waiting.
  static let stateFileLimit = 16 << 20

  /// Why a call failed, and the path it concerned.
  struct Failure: Error, Equatable {
    /// What was wrong.
    enum Cause: Equatable {
      /// A system call failed with this `errno`.
      case system(Int32)
      /// The path names something other than what belongs there (`kind` says what it is).
      case notRegularFile(kind: LocalizedText)
      /// A folder on the way is not a real directory (`kind` says what it is).
      case notRealDirectory(kind: LocalizedText)
      /// The entry belongs to another user.
      case foreignOwner(uid: UInt32)
      /// A file larger than the limit, in bytes.
      case tooLarge(limit: Int)
    }

    let path: String
    let cause: Cause

    init(path: String, code: Int32) {
      self.path = path
      cause = .system(code)
    }

    init(path: String, cause: Cause) {
      self.path = path
      self.cause = cause
    }

    /// What was wrong, in the screen's language; the system's own text stays as it came.
    var reason: LocalizedText {
      switch cause {
      case .system(let code): .verbatim(String(cString: strerror(code)))
      case .notRegularFile(let kind): L10n.Reason.notRegularFile(kind)
      case .notRealDirectory(let kind): L10n.Reason.notRealFolder(kind)
      case .foreignOwner(let uid): L10n.Reason.foreignOwner(String(uid))
      case .tooLarge(let limit):
        limit % (1 << 20) == 0
          ? L10n.Reason.stateFileTooLargeMiB(limit >> 20) : L10n.Reason.stateFileTooLargeBytes(limit)
      }
    }

    /// Whether the path simply does not exist (or a parent is not a directory).
    var isMissing: Bool {
      cause == .system(ENOENT) || cause == .system(ENOTDIR)
    }
  }

  // MARK: Reading

  /// The whole contents of the state file at `path`: a regular file owned by this user, not a
  /// symbolic link, at most `limit` bytes.
  ///
  /// Never blocks on what is not a regular file: the file is opened non-blocking and checked
  /// before a byte is read, so a FIFO or a device fails at once, and a terminal never becomes
  /// the controlling one.
  ///
  /// A failure whose cause is ``Failure/Cause/system(_:)`` concerns a regular file of this user's
  /// that could not be read (permission denied, an I/O error): its contents are unknown, not bad.
  static func readStateFile(path: String, limit: Int = stateFileLimit, calls: ReadCalls = .system) throws(Failure)
    -> Data
  {
    try checkFolders(of: path)
    // O_NOCTTY: opening a terminal would make it the controlling one of a session leader without one.
    let descriptor = calls.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = -descriptor
      // O_NOFOLLOW reports a final symbolic link as a loop.
      if code == ELOOP { throw Failure(path: path, cause: .notRegularFile(kind: L10n.Reason.kindSymbolicLink)) }
      // A socket fails to open (ENXIO), another user's file may refuse (EACCES): what is there
      // says which it is.
      var info = stat()
      if code != ENOENT, lstat(path, &info) == 0 { try checkRegularFile(info, path: path) }
      throw Failure(path: path, code: code)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Failure(path: path, code: errno) }
    try checkRegularFile(info, path: path)
    guard Int(info.st_size) <= limit else { throw Failure(path: path, cause: .tooLarge(limit: limit)) }
    var data = Data()
    data.reserveCapacity(Int(info.st_size))
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        systemRead(descriptor, raw.baseAddress, raw.count)
      }
      if count > 0 {
        // A file that grows while it is read is held to the same limit.
        guard data.count + count <= limit else { throw Failure(path: path, cause: .tooLarge(limit: limit)) }
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 {
        return data
      } else if errno != EINTR {
        throw Failure(path: path, code: errno)
      }
    }
  }

  /// The system call a read opens its file with, replaceable so tests can make it fail as it
  /// does for another user (`EACCES`) or a failing disk (`EIO`), which root never sees.
  struct ReadCalls: Sendable {
    /// Opens `path` with `flags`: the descriptor, or `-errno`.
    var open: @Sendable (_ path: String, _ flags: Int32) -> Int32

    /// The real call.
    static let system = ReadCalls(open: { path, flags in
      let descriptor = systemOpen(path, flags)
      return descriptor >= 0 ? descriptor : -errno
    })
  }

  /// Throws unless `info` is a regular file owned by this user.
  private static func checkRegularFile(_ info: stat, path: String) throws(Failure) {
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw Failure(path: path, cause: .notRegularFile(kind: kind(of: info)))
    }
    guard info.st_uid == geteuid() else { throw Failure(path: path, cause: .foreignOwner(uid: UInt32(info.st_uid))) }
  }

  /// What `info` describes, for a message: "a directory", "a FIFO", …
  static func kind(of info: stat) -> LocalizedText {
    switch info.st_mode & S_IFMT {
    case S_IFREG: L10n.Reason.kindRegularFile
    case S_IFDIR: L10n.Reason.kindDirectory
    case S_IFLNK: L10n.Reason.kindSymbolicLink
    case S_IFIFO: L10n.Reason.kindFIFO
    case S_IFCHR: L10n.Reason.kindCharacterDevice
    case S_IFBLK: L10n.Reason.kindBlockDevice
    case S_IFSOCK: L10n.Reason.kindSocket
    default: L10n.Reason.kindUnknown
    }
  }

  // MARK: Folders

  /// Throws unless every folder on the way to `path` is a real directory (none is a symbolic
  /// link) and the one holding it belongs to this user. A missing folder is `ENOENT`, a file
  /// where a folder belongs `ENOTDIR`, as the system calls would say.
  static func checkFolders(of path: String) throws(Failure) {
    let folder = (path as NSString).deletingLastPathComponent
    var prefix = folder.hasPrefix("/") ? "" : "."
    var info = stat()
    for component in folder.split(separator: "/") {
      prefix += "/" + component
      guard lstat(prefix, &info) == 0 else { throw Failure(path: prefix, code: errno) }
      switch info.st_mode & S_IFMT {
      case S_IFDIR: continue
      // Followed, a link could lead anywhere; anything else simply holds no files.
      case S_IFLNK: throw Failure(path: prefix, cause: .notRealDirectory(kind: kind(of: info)))
      default: throw Failure(path: prefix, code: ENOTDIR)
      }
    }
    guard info.st_uid == geteuid() || folder == "/" else {
      throw Failure(path: folder, cause: .foreignOwner(uid: UInt32(info.st_uid)))
    }
  }

  /// Whether `path` is a real directory (not a symbolic link to one) owned by this user.
  static func isOwnDirectory(path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid()
  }

  /// Whether `path` is a regular file (not a symbolic link to one) owned by this user.
  static func isOwnFile(path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_uid == geteuid()
  }

  /// Whether what is at `path` is something Fun must not go through: a symbolic link, a FIFO,
  /// a device or a socket, or another user's entry. Nothing there, and this user's own files
  /// and folders, are not.
  static func isSuspect(path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    let type = info.st_mode & S_IFMT
    return (type != S_IFDIR && type != S_IFREG) || info.st_uid != geteuid()
  }

  /// Creates `path` and its missing parents (like `mkdir -p`), each 0700; every folder that
  /// already exists on the way must be a real directory, and the last one this user's.
  static func makeDirectory(path: String) throws(Failure) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) != 0, errno != EEXIST { throw Failure(path: prefix, code: errno) }
    }
    try checkFolders(of: (path as NSString).appendingPathComponent("."))
  }

  /// Opens (creating it 0600 if missing) the lock file at `path` for `flock(2)`, as
  /// ``RegularFile`` opens one: never through a symbolic link and never waiting on a FIFO. `nil`
  /// when it cannot be opened or is not a regular file, which every lock treats as "no lock to
  /// take"; the caller lets go of what it gets with ``unlockAndClose(_:)``.
  static func openLockFile(path: String) -> Int32? {
    try? RegularFile.open(path, flags: O_RDWR | O_CREAT).get()
  }

  /// Lets go of the `flock` on the lock file open as `descriptor`, then closes it.
  ///
  /// Closing alone does not let go: the lock belongs to the open file, which lasts while any
  /// descriptor of it is open, and a process spawned meanwhile (by a thread of this process)
  /// holds a copy of every descriptor at least until its `exec`, when close-on-exec acts. So
  /// a lock "released" by a close can still be held for as long as a loaded machine takes to
  /// schedule that child, and a deletion or a save finds it taken. Unlocking ends the lock for
  /// every copy at once.
  static func unlockAndClose(_ descriptor: Int32) {
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// What tells one version of a file from the next: its device and inode (an atomic save
  /// renames a new file into place), its size and its change time, to the nanosecond.
  struct ChangeStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let changeSeconds: Int
    let changeNanoseconds: Int
  }

  /// The change stamp of what is at `path` (without following a final symbolic link); `nil`
  /// when nothing is there or it cannot be examined.
  static func changeStamp(path: String) -> ChangeStamp? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let changed = info.st_ctimespec
    #else
      let changed = info.st_ctim
    #endif
    return ChangeStamp(
      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
      size: Int64(info.st_size),
      changeSeconds: Int(changed.tv_sec), changeNanoseconds: Int(changed.tv_nsec))
  }

  /// Whether something exists at `path` (without following a final symbolic link).
  static func exists(path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// The names in the directory at `path`, without `.` and `..`, in no particular order
  /// (empty when it cannot be listed or is not a real directory).
  static func names(inDirectory path: String) -> [String] {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    return names(inDirectory: descriptor)
  }

  /// The names in the open directory `descriptor`, which this call takes over and closes.
  private static func names(inDirectory descriptor: Int32) -> [String] {
    guard let directory = fdopendir(descriptor) else {
      close(descriptor)
      return []
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." {
        names.append(name)
      }
    }
    return names
  }

  // MARK: Writing

  /// The system calls an atomic write makes, replaceable so tests can record their order and
  /// make one fail.
  struct WriteCalls: Sendable {
    var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32?
    var fsync: @Sendable (_ descriptor: Int32) -> Int32?
    var rename: @Sendable (_ from: String, _ to: String) -> Int32?
    /// `fcntl(F_FULLFSYNC)` where the system has it (macOS, whose `fsync` leaves the bytes in
    /// the drive's cache, so a power cut can still lose them); `nil` where `fsync` itself asks
    /// the drive to write them (Linux).
    var fullSync: (@Sendable (_ descriptor: Int32) -> Int32?)? = nil

    /// The real calls; each returns `nil` on success, else the `errno`.
    static let system = WriteCalls(
      write: { FileDescriptorWriter.writeAll($0, $1) },
      fsync: { systemSync($0) == 0 ? nil : errno },
      rename: { systemRename($0, $1) == 0 ? nil : errno },
      fullSync: systemFullSync
    )
  }

  /// Makes what was written to `descriptor` survive a crash or a power cut: a full sync where
  /// there is one, else (or when the file system refuses it, as some network and FAT volumes
  /// do) `fsync`. Returns `nil` once durable, else the `errno` of `fsync`.
  static func makeDurable(_ descriptor: Int32, calls: WriteCalls) -> Int32? {
    if let fullSync = calls.fullSync, fullSync(descriptor) == nil { return nil }
    return calls.fsync(descriptor)
  }

  /// The prefix of the temporary files of ``writeAtomically(_:to:limit:calls:)`` for `name`:
  /// `.NAME.tmp-`, followed by the writer's process id, `-` and a UUID
  /// (``temporaryName(for:process:id:)``).
  static func temporaryPrefix(for name: String) -> String {
    ".\(name)\(temporaryMarker)"
  }

  private static let temporaryMarker = ".tmp-"

  /// The temporary file ``writeAtomically(_:to:limit:calls:)`` writes `name` through:
  /// `.NAME.tmp-<pid>-<UUID>`, naming its writer so that a later start can tell Fun's own
  /// leftovers and whether their writer still runs (``temporaryFile(named:)``).
  static func temporaryName(for name: String, process: pid_t = getpid(), id: UUID = UUID()) -> String {
    temporaryPrefix(for: name) + "\(process)-\(id.uuidString)"
  }

  /// What ``temporaryName(for:process:id:)`` made `temporaryName` of: the name of the file it
  /// was to replace and the process that wrote it; `nil` for a name it does not make.
  static func temporaryFile(named temporaryName: String) -> (name: String, process: pid_t)? {
    // The process id and the UUID hold no marker, so the last one is where the name ends.
    guard temporaryName.hasPrefix("."), let range = temporaryName.range(of: temporaryMarker, options: .backwards)
    else {
      return nil
    }
    let name = temporaryName[temporaryName.index(after: temporaryName.startIndex)..<range.lowerBound]
    let rest = temporaryName[range.upperBound...]
    guard !name.isEmpty, let dash = rest.firstIndex(of: "-"), let process = pid_t(rest[..<dash]), process > 0,
      UUID(uuidString: String(rest[rest.index(after: dash)...])) != nil
    else { return nil }
    return (String(name), process)
  }

  /// Replaces the file at `path` with `data` atomically: readers see the old contents or the
  /// new ones, never a mix, even across processes and crashes.
  ///
  /// Writes a uniquely named temporary file (0600, never through a link) in the same directory,
  /// makes it durable (``makeDurable(_:calls:)``), then `rename(2)`s it over the target, which replaces whatever is there (a
  /// symbolic link included) without following it. The directory is created on demand. When
  /// any step fails the temporary file is removed and the old file is left as it was.
  ///
  /// `data` over `limit` bytes, the most ``readStateFile(path:limit:calls:)`` reads of the file,
  /// is refused before anything is touched: written, the next read would set it aside.
  static func writeAtomically(
    _ data: Data, to path: String, limit: Int = stateFileLimit, calls: WriteCalls = .system
  ) throws(Failure) {
    guard data.count <= limit else { throw Failure(path: path, cause: .tooLarge(limit: limit)) }
    let directory = (path as NSString).deletingLastPathComponent
    try makeDirectory(path: directory)
    let name = (path as NSString).lastPathComponent
    let temporary = (directory as NSString)
      .appendingPathComponent(temporaryName(for: name))
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Failure(path: directory, code: errno) }
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      // The failure names the file being saved: the temporary one is gone by the time anyone reads it.
      if let code = data.withUnsafeBytes({ calls.write(descriptor, $0) }) {
        throw Failure(path: path, code: code)
      }
      // Without it a crash soon after the rename can leave an empty file under the old name.
      if let code = makeDurable(descriptor, calls: calls) { throw Failure(path: path, code: code) }
    }
    if let code = calls.rename(temporary, path) { throw Failure(path: path, code: code) }
    renamed = true
  }

  /// Renames `source` to `destination`, replacing nothing the caller has not checked. Neither
  /// is followed if it is a symbolic link.
  static func move(_ source: String, to destination: String) throws(Failure) {
    guard systemRename(source, destination) == 0 else { throw Failure(path: source, code: errno) }
  }

  /// How many files set aside from one file ``moveAside(_:at:keeping:)`` keeps: a hostile
  /// saved catalog could be set aside at every start, each up to its size limit.
  static let setAsideFilesKept = 3

  /// Moves what is at `path` (a symbolic link itself, never what it points to) aside as
  /// `PATH.corrupt-<UTC timestamp of date>`, with `-2`, `-3`, … when that name is taken, and
  /// returns where it went. Then removes all but `kept` of those set aside from the same name:
  /// this one and the newest others (``removeOldSetAsideFiles(of:keeping:sparing:)``).
  static func moveAside(_ path: String, at date: Date, keeping kept: Int = setAsideFilesKept) throws(Failure)
    -> String
  {
    let stamp = date.formatted(.iso8601.dateSeparator(.omitted).timeSeparator(.omitted))
    var destination = path + ".corrupt-" + stamp
    var suffix = 2
    while exists(path: destination) {
      destination = path + ".corrupt-" + stamp + "-\(suffix)"
      suffix += 1
    }
    try move(path, to: destination)
    removeOldSetAsideFiles(of: path, keeping: kept, sparing: destination)
    return destination
  }

  /// Removes, from the folder holding `path`, the files set aside from its name but `kept`: the
  /// one at `justSetAside`, whatever its name says (a clock once ahead, files copied from
  /// another machine may have named others later, and a warning names where it went), and the
  /// newest others by the time and number in their names. Only names
  /// ``moveAside(_:at:keeping:)`` makes are touched; a folder among them is left, and an entry
  /// is removed relative to the open folder, a link itself and never what it points to. Best
  /// effort: what cannot be removed stays.
  static func removeOldSetAsideFiles(of path: String, keeping kept: Int, sparing justSetAside: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let listing = dup(descriptor)
    guard listing >= 0 else { return }
    let spared = (justSetAside as NSString).lastPathComponent
    let setAside = names(inDirectory: listing).compactMap { entry in
      entry == spared ? nil : setAsideOrder(of: entry, from: name).map { (entry, $0) }
    }.filter { entry, _ in
      var info = stat()
      return fstatat(descriptor, entry, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }
    let newestFirst = setAside.sorted { $0.1.stamp != $1.1.stamp ? $0.1.stamp > $1.1.stamp : $0.1.number > $1.1.number }
    for (entry, _) in newestFirst.dropFirst(max(kept - 1, 0)) {
      unlinkat(descriptor, entry, 0)
    }
  }

  /// Where `entry` stands among the files set aside from `name` (its time stamp, then its
  /// number: 1 without one), or `nil` unless it is exactly such a name:
  /// `NAME.corrupt-YYYYMMDDTHHMMSSZ`, optionally followed by `-` and a number from 2.
  static func setAsideOrder(of entry: String, from name: String) -> (stamp: String, number: Int)? {
    let prefix = name + ".corrupt-"
    guard entry.hasPrefix(prefix) else { return nil }
    let rest = entry.utf8.dropFirst(prefix.utf8.count)
    let stamp = rest.prefix(16)
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    let shape = Array(stamp)
    guard shape.count == 16, shape[0..<8].allSatisfy(isDigit), shape[8] == UInt8(ascii: "T"),
      shape[9..<15].allSatisfy(isDigit), shape[15] == UInt8(ascii: "Z")
    else { return nil }
    let tail = rest.dropFirst(16)
    guard !tail.isEmpty else { return (String(decoding: stamp, as: UTF8.self), 1) }
    let digits = tail.dropFirst()
    guard tail.first == UInt8(ascii: "-"), digits.first != UInt8(ascii: "0"), digits.count <= 9,
      !digits.isEmpty, digits.allSatisfy(isDigit), let number = Int(String(decoding: digits, as: UTF8.self)),
      number >= 2
    else { return nil }
    return (String(decoding: stamp, as: UTF8.self), number)
  }

  /// Removes the file at `path` (a symbolic link itself, never what it points to); a file that
  /// is already gone is not an error.
  static func removeFile(path: String) throws(Failure) {
    guard unlink(path) == 0 || errno == ENOENT else { throw Failure(path: path, code: errno) }
  }

  /// The calls of a removal that tests make fail: a rename refused, or a folder deep in a tree
  /// that cannot be opened (`EMFILE` under a low `ulimit -n`), which root never sees on demand.
  struct RemovalCalls: Sendable {
    /// Renames `source` to `destination`: `nil`, or the `errno`.
    var rename: @Sendable (_ source: String, _ destination: String) -> Int32?
    /// Opens the folder `name` inside the open folder `parent` to empty it: the descriptor, or
    /// `-errno`.
    var openFolder: @Sendable (_ parent: Int32, _ name: String) -> Int32

    /// The real calls.
    static let system = RemovalCalls(
      rename: { systemRename($0, $1) == 0 ? nil : errno },
      openFolder: { parent, name in
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : -errno
      }
    )
  }

  /// Removes the directory at `path` and everything in it, never crossing a symbolic link: a
  /// link inside is removed itself, and a `path` that is not a real directory is not touched.
  /// A failure midway leaves what was not yet removed.
  static func removeTree(path: String, calls: RemovalCalls = .system) throws(Failure) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return }
      throw code == ELOOP || code == ENOTDIR
        ? Failure(path: path, cause: .notRealDirectory(kind: L10n.Reason.kindLinkOrFile))
        : Failure(path: path, code: code)
    }
    try removeContents(of: descriptor, path: path, calls: calls)
    guard rmdir(path) == 0 || errno == ENOENT else { throw Failure(path: path, code: errno) }
  }

  /// Empties the open directory `descriptor` (closed when done), entry by entry, relative to
  /// the descriptor, so a folder swapped for a link meanwhile is never followed.
  private static func removeContents(of descriptor: Int32, path: String, calls: RemovalCalls) throws(Failure) {
    defer { close(descriptor) }
    let listing = dup(descriptor)
    guard listing >= 0 else { throw Failure(path: path, code: errno) }
    for name in names(inDirectory: listing) {
      var info = stat()
      guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
        if errno == ENOENT { continue }
        throw Failure(path: path + "/" + name, code: errno)
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        let child = calls.openFolder(descriptor, name)
        guard child >= 0 else { throw Failure(path: path + "/" + name, code: -child) }
        try removeContents(of: child, path: path + "/" + name, calls: calls)
        guard unlinkat(descriptor, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
          throw Failure(path: path + "/" + name, code: errno)
        }
      } else {
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
          throw Failure(path: path + "/" + name, code: errno)
        }
      }
    }
  }
}

// File-scope wrappers, because inside `FileSystem` (and the catalog's file read) these names
// mean their own members. `systemRead` is the module's one `read(2)`.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
  open(path, flags)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}

private func systemSync(_ descriptor: Int32) -> Int32 {
  fsync(descriptor)
}

#if canImport(Darwin)
  private let systemFullSync: (@Sendable (Int32) -> Int32?)? = { descriptor in
    fcntl(descriptor, F_FULLFSYNC) == -1 ? errno : nil
  }
#else
  private let systemFullSync: (@Sendable (Int32) -> Int32?)? = nil
#endif
