import Foundation
import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A profile held open by a session: a shared `flock(2)` on `in-use.lock` in the profile's
/// folder, from the session's start until its scope ends (or the process does).
///
/// Any number of Funs may be signed in to one profile, so each holds the lock shared; deleting
/// a profile asks for it exclusively without waiting (``unlessHeld(directory:_:)``), and a
/// profile some session holds is not deleted. Without that, a Fun still signed in would
/// recreate the deleted folder with its next save, and a new profile of the same name would
/// inherit what it saved. The lock is best effort, as the state files' locks are: a folder
/// that cannot be written leaves the session unleased.
final class ProfileLease: ScopedService {
  /// The lock file's name inside the profile's folder.
  static let fileName = "in-use.lock"

  private let descriptor: Locked<Int32?>

  /// Holds the profile in `directory` (made if missing) for a session.
  init(directory: URL) {
    try? FileSystem.makeDirectory(path: directory.path)
    let descriptor = Self.openLockFile(in: directory)
    if let descriptor,
      flock(descriptor, LOCK_SH | LOCK_NB) != 0 || !Self.isStillNamed(descriptor, in: directory)
    {
      // Being deleted this very moment (the lock is taken, or its file was removed between
      // the open and the lock): the session goes on unleased, as on a read-only disk.
      close(descriptor)
      self.descriptor = Locked(nil)
    } else {
      self.descriptor = Locked(descriptor)
    }
  }

  /// Whether the lock file open as `descriptor` is still the one in `directory`: a deletion
  /// between the open and the lock leaves a lock on a file nobody else can find.
  private static func isStillNamed(_ descriptor: Int32, in directory: URL) -> Bool {
    guard let open = FileIdentity(descriptor: descriptor),
      let named = FileIdentity(path: directory.appendingPathComponent(fileName).path)
    else { return false }
    return open == named
  }

  /// Lets the profile go: the session has ended.
  func scopeDidEnd() {
    descriptor.withLock { descriptor in
      if let open = descriptor { FileSystem.unlockAndClose(open) }
      descriptor = nil
    }
  }

  /// Runs `body` unless a session (in this process or another) holds the profile in
  /// `directory`, holding it exclusively meanwhile so none can take it; returns `nil` without
  /// running `body` when one does.
  static func unlessHeld<Result>(directory: URL, _ body: () -> Result) -> Result? {
    guard let descriptor = openLockFile(in: directory) else { return body() }
    defer { FileSystem.unlockAndClose(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return nil }
    return body()
  }

  /// The lock file, as every lock opens one (``FileSystem/openLockFile(path:)``).
  private static func openLockFile(in directory: URL) -> Int32? {
    FileSystem.openLockFile(path: directory.appendingPathComponent(fileName).path)
  }
}
