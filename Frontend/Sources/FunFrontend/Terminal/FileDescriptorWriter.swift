#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes to a file descriptor completely; async-signal-safe (no allocation, no lock).
enum FileDescriptorWriter {
  /// Writes `count` bytes from `base` to `descriptor`, retrying after interruptions and partial
  /// writes; gives up silently on any other error (there is nowhere left to report it).
  static func writeAll(_ descriptor: Int32, _ base: UnsafeRawPointer, count: Int) {
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
