#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes to a file descriptor completely: the one write loop of the app, used by the
/// terminal (also from its signal handlers), the log file, the state files and script mode's
/// stderr.
///
/// Async-signal-safe: no allocation, no lock. In Core because its users are in four layers
/// (FunFrontend, FunServices, FunApp and Core's own log) and Core is the one all of them import.
public enum FileDescriptorWriter {
  /// Writes `count` bytes from `base` to `descriptor`, retrying after interruptions and partial
  /// writes, and waiting while a non-blocking descriptor is full.
  ///
  /// - Returns: `nil` once every byte is written, else the `errno` of the write that failed
  ///   (`EIO` for a write that wrote nothing). Callers with nowhere left to report an error
  ///   (the terminal, the log) ignore it.
  @discardableResult
  public static func writeAll(_ descriptor: Int32, _ base: UnsafeRawPointer, count: Int) -> Int32? {
    var written = 0
    while written < count {
      let result = write(descriptor, base + written, count - written)
      if result > 0 {
        written += result
      } else if result < 0 && errno == EINTR {
        continue
      } else if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        // A descriptor someone else made non-blocking (a shared pipe, a terminal): wait until
        // it takes more, as a blocking write would, rather than drop the rest.
        var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        if poll(&waiting, 1, -1) < 0 && errno != EINTR { return errno }
      } else {
        return result < 0 ? errno : EIO
      }
    }
    return nil
  }
}

extension FileDescriptorWriter {
  /// Writes all of `bytes` to `descriptor`, as ``writeAll(_:_:count:)``.
  @discardableResult
  public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    return writeAll(descriptor, base, count: bytes.count)
  }
}
