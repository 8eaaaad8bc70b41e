#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names or a descriptor holds: its device and inode. Equal identities are
/// one file (a hard link shares its file's); a file renamed or created in its place has another,
/// while the old one still exists. A removed file's inode may be given to a new file, so an
/// identity says "still the same file" only about a file kept or known to be there.
///
/// The one way Fun tells files apart: the link socket and the signal handler remove only the
/// file they registered, a lease checks that its lock file is still the named one.
/// Async-signal-safe: it calls only `lstat` or `fstat` and allocates nothing, so the signal
/// handler (``SignalExitCleanup/removeFiles()``) uses it. In Core because its users are in
/// three layers (Core, FunServices, FunLinkHandoff).
public struct FileIdentity: Equatable, Sendable {
  private let device: UInt64
  private let inode: UInt64

  /// The identity of what is at `path` itself (a symbolic link's own, not its target's); `nil`
  /// when nothing is there or it cannot be examined. Takes a C string so a signal handler can
  /// pass one it stored; a `String` converts.
  public init?(path: UnsafePointer<CChar>) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity of the file open as `descriptor`; `nil` when it cannot be examined.
  public init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  /// Whether both are one file. Written out rather than synthesised: a call on the concrete
  /// type is then a direct one, where the synthesised `==` goes through the `Equatable` witness
  /// table, which the runtime may look up on first use, inside the signal handler.
  public static func == (lhs: FileIdentity, rhs: FileIdentity) -> Bool {
    lhs.device == rhs.device && lhs.inode == rhs.inode
  }

  private init(_ info: stat) {
    // Truncating: `dev_t` is signed on Darwin, where a conversion that traps on a negative
    // value could crash the signal handler.
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}
