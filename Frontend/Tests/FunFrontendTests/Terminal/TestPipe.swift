#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe opened in the test process: a descriptor that is not a terminal, for what the app
/// reads keys from or writes lines to. Both ends close when it goes; ``closeWriteEnd()`` ends
/// the input early, as a shell does when the program feeding it exits.
final class TestPipe {
  let readEnd: Int32
  let writeEnd: Int32
  private var isWriteEndOpen = true

  init() throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw TestPseudoTerminal.Failure("pipe") }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(readEnd)
    closeWriteEnd()
  }

  /// Writes `bytes` to the write end.
  func send(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress, $0.count) }
  }

  /// What has been written so far, up to `limit` bytes, as text (waits for at least one byte).
  func received(limit: Int = 4096) -> String {
    var buffer = [UInt8](repeating: 0, count: limit)
    let count = read(readEnd, &buffer, buffer.count)
    return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
  }

  /// Closes the write end: the reader sees the end of its input.
  func closeWriteEnd() {
    guard isWriteEndOpen else { return }
    isWriteEndOpen = false
    close(writeEnd)
  }
}
