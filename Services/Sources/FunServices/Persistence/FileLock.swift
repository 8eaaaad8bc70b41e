import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory, exclusive `flock(2)` on a lock file, held for the duration of a closure.
///
/// Every open of the lock file gets its own lock, so it serialises threads of one process as
/// well as separate processes. The lock is best effort: when the lock file cannot be created
/// (a read-only or missing directory) or is not a regular file (a link, a FIFO: never followed
/// or waited on) the closure runs unlocked, because the atomic rename
/// already keeps the state file whole and a write there will fail and be reported anyway.
struct FileLock: Sendable {
  /// The lock file's path.
  let path: String

  /// Runs `body` while holding the lock; the lock is released when `body` returns or throws.
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    let directory = (path as NSString).deletingLastPathComponent
    try? FileSystem.makeDirectory(path: directory)
    guard let descriptor = FileSystem.openLockFile(path: path) else { return try body() }
    defer { FileSystem.unlockAndClose(descriptor) }
    while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    return try body()
  }
}
