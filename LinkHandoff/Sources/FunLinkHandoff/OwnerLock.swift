import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock a listening `fun` holds on `<socket>.lock` for as long as it listens: whoever finds
/// the socket refusing connections asks this lock, never the refusal alone, whether its owner
/// is gone.
///
/// A refused connection does not prove a socket stale: macOS refuses one while the listener's
/// queue is full. The kernel releases a `flock` when its holder ends, however it ends (SIGKILL
/// and a power cut included), so a lock nobody holds is the proof. The owner holds it
/// exclusively; ``isHeld(path:)`` takes a shared lock for an instant and lets it go, so a probe
/// can be told from an owner: ``acquire(path:)`` that finds the lock taken tries a shared lock,
/// and if that succeeds only probes were in the way and it tries again.
///
/// `flock` locks belong to an open file, not a process, so two listeners in one process (or
/// threads starting together) exclude each other as two processes do. The same on Linux and
/// macOS.
final class OwnerLock: Sendable {
  /// Why the lock was not taken.
  enum Refusal: Error, Equatable {
    /// Another listener holds it.
    case held
    /// The lock file cannot be opened or is not a regular file; the reason says which.
    case unusable(String)
  }

  let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    // Unlocked first: a process spawned at this moment holds a copy of the descriptor until its
    // exec, and closing alone would leave the lock held by that copy.
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// The lock of the socket at `socketPath`: its path plus `.lock`.
  static func path(forSocket socketPath: String) -> String {
    socketPath + ".lock"
  }

  /// How often ``acquire(path:)`` tries again while only probes are in its way (each holds the
  /// lock for a few system calls).
  private static let attempts = 1000

  /// Takes the lock at `path` (created 0600 if missing, never through a link); holds it until
  /// ``release()`` or the end of the process.
  static func acquire(path: String) throws(Refusal) -> OwnerLock {
    let descriptor: Int32
    switch RegularFile.open(path, flags: O_RDWR | O_CREAT) {
    case .success(let file): descriptor = file
    case .failure(.notRegularFile): throw .unusable("\(path) is not a regular file")
    case .failure(let refusal): throw .unusable("open: \(refusal)")
    }
    let lock = OwnerLock(descriptor: descriptor)
    for _ in 0..<attempts {
      if lock.take(LOCK_EX) { return lock }
      // Taken: by an owner (exclusive), or only by probes (shared), which let go at once.
      guard lock.take(LOCK_SH) else { throw .held }
      _ = flock(descriptor, LOCK_UN)
    }
    throw .held
  }

  /// Whether a listener holds the lock at `path` now; `false` when there is no lock file (no
  /// `fun` has listened there), it cannot be read, or it is no regular file (``acquire(path:)``
  /// refuses those, so no listener holds one).
  static func isHeld(path: String) -> Bool {
    guard case .success(let descriptor) = RegularFile.open(path, flags: O_RDONLY) else { return false }
    let lock = OwnerLock(descriptor: descriptor)
    return !lock.take(LOCK_SH) && errno == EWOULDBLOCK
  }

  /// Lets the lock go (closing the file does); call once.
  func release() {
    _ = flock(descriptor, LOCK_UN)
  }

  /// Tries `operation` without waiting; returns whether the lock is now held that way.
  private func take(_ operation: Int32) -> Bool {
    while true {
      if flock(descriptor, operation | LOCK_NB) == 0 { return true }
      if errno != EINTR { return false }
    }
  }
}
