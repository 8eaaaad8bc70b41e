#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes to a file descriptor completely; async-signal-safe (no allocation, no lock), so
/// the terminal's signal handlers use it as well as the log file and the fetch helper.
public enum FileDescriptorWriter {
  /// Writes `count` bytes from `base` to `descriptor`, retrying after interruptions and partial
  /// writes; gives up silently on any other error (there is nowhere left to report it).
  public static func writeAll(_ descriptor: Int32, _ base: UnsafeRawPointer, count: Int) {
    var written = 0
    while written < count {
      let result = write(descriptor, base + written, count - written)
      if result > 0 {
        written += result
      } else if result < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

extension FileDescriptorWriter {
  /// Writes all of `bytes` to `descriptor`, as ``writeAll(_:_:count:)``.
  public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    writeAll(descriptor, base, count: bytes.count)
  }
}
