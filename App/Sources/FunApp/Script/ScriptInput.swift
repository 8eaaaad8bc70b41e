import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a script read from a file descriptor (stdin) as they arrive, within a bound.
///
/// A script piped in is run line by line while it is written (`tail -f commands | fun`), so the
/// input is never read whole first. It is bounded all the same, as `--script FILE` is: once more than
/// `maximumBytes` have come in all, reading stops and ``isOverLimit`` says so, whether the
/// bytes held newlines or not (`/dev/zero` holds none: it never ends a line, and a reader that
/// waited for the line's end would take every byte the machine has).
///
/// A line ends at `\n`; the carriage returns at its ends are dropped, as in a script file
/// (``text(_:)`` reads both).
/// Bytes that are not UTF-8 are read as U+FFFD.
final class ScriptInput {
  /// How many bytes a read asks for.
  private static let chunkSize = 1 << 16

  private let descriptor: Int32
  private let maximumBytes: Int
  /// Bytes read but not yet returned as a line.
  private var buffer: [UInt8] = []
  /// Where in `buffer` the search for the next newline goes on.
  private var searched = 0
  private var total = 0
  private var isAtEnd = false

  /// Whether reading stopped because the input went past the limit: the lines before it were
  /// returned; the rest was never read.
  private(set) var isOverLimit = false

  /// Reads from `descriptor`, at most `maximumBytes` in all.
  init(descriptor: Int32, maximumBytes: Int) {
    self.descriptor = descriptor
    self.maximumBytes = maximumBytes
  }

  /// The next line, without its line end; `nil` at the end of the input or past the limit.
  func nextLine() -> String? {
    while true {
      if let newline = nextNewline() {
        let line = Self.text(buffer[..<newline])
        buffer.removeSubrange(...newline)
        searched = 0
        return line
      }
      searched = buffer.count
      guard !isAtEnd, !isOverLimit else { break }
      readMore()
    }
    // The last line may have no newline; past the limit it is cut, and so not run.
    defer {
      buffer = []
      searched = 0
    }
    guard !isOverLimit, !buffer.isEmpty else { return nil }
    return Self.text(buffer[...])
  }

  /// Where the next `\n` in `buffer` is, from `searched` on. `memchr` scans at memory speed in
  /// any build: it buys the time a line as long as the limit takes in a debug or sanitized build.
  private func nextNewline() -> Int? {
    buffer.withUnsafeBytes { bytes -> Int? in
      guard searched < bytes.count, let base = bytes.baseAddress,
        let match = memchr(base + searched, Int32(UInt8(ascii: "\n")), bytes.count - searched)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(match))
    }
  }

  /// Reads what is there, waiting for it; marks the end of input, or the limit passed (what
  /// came up to the limit is kept: the lines it ends are run).
  private func readMore() {
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        let room = maximumBytes - total
        buffer.append(contentsOf: chunk[..<min(count, room)])
        total += min(count, room)
        isOverLimit = count > room
        return
      }
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        // A descriptor left non-blocking by whoever started Fun: wait as a blocking read would.
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&waiting, 1, -1)
        continue
      }
      // The end, or an error reading (a closed descriptor, a directory): nothing more comes.
      isAtEnd = true
      return
    }
  }

  /// A line's text: UTF-8 (anything else as U+FFFD), without carriage returns at its ends (a
  /// `\r` from `\r\n`, or a stray one). A script file's lines are read with it too.
  static func text(_ bytes: ArraySlice<UInt8>) -> String {
    var bytes = bytes
    while bytes.first == UInt8(ascii: "\r") { bytes.removeFirst() }
    while bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
