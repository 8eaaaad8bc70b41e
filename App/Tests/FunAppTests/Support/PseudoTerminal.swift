import Foundation

@testable import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  private let readBytes = Glibc.read
#elseif canImport(Darwin)
  private let readBytes = Darwin.read
#endif

/// The modes of a terminal as `tcgetattr` reports them, compared field by field.
///
/// Its twin is `TerminalModes` in Frontend/Tests/FunFrontendTests/Terminal/TestPseudoTerminal.swift
/// (a test target cannot import another package's tests): keep the two in step.
struct TerminalModes: Equatable, Sendable {
  let inputFlags: UInt64
  let outputFlags: UInt64
  let controlFlags: UInt64
  let localFlags: UInt64
  let controlCharacters: [UInt8]

  init(_ settings: termios) {
    inputFlags = UInt64(settings.c_iflag)
    outputFlags = UInt64(settings.c_oflag)
    controlFlags = UInt64(settings.c_cflag)
    localFlags = UInt64(settings.c_lflag)
    var characters = settings.c_cc
    controlCharacters = withUnsafeBytes(of: &characters) { Array($0) }
  }

  /// Whether the terminal echoes typed keys.
  var echoes: Bool {
    localFlags & UInt64(ECHO) != 0
  }

  /// Whether input arrives a line at a time (canonical mode) rather than key by key.
  var isLineBuffered: Bool {
    localFlags & UInt64(ICANON) != 0
  }
}

/// A pseudo-terminal: a program gets the secondary side as its stdin, stdout and stderr, as if
/// it ran in a terminal window; the test types on and reads from the primary side.
///
/// Reading waits for the program's output with `poll`, always bounded by a real-time timeout:
/// that is waiting on I/O, never sleeping. Thread-safety: the descriptors never change and the
/// output read so far is behind a lock, but read from one thread at a time.
final class PseudoTerminal: Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String

    init(_ call: String, _ code: Int32 = errno) {
      description = "\(call) failed: \(String(cString: strerror(code)))"
    }
  }

  /// The number of columns the program sees now.
  var columns: Int {
    size.withLock { $0.columns }
  }
  /// The number of rows the program sees now.
  var rows: Int {
    size.withLock { $0.rows }
  }
  private let primary: Int32
  private let secondary: Int32
  private let received = Locked<[UInt8]>([])
  private let size: Locked<(columns: Int, rows: Int)>

  /// Opens a pseudo-terminal of `columns` × `rows` in its default (cooked) modes.
  init(columns: Int, rows: Int) throws {
    size = Locked((columns, rows))
    var primary: Int32 = -1
    var secondary: Int32 = -1
    var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&primary, &secondary, nil, nil, &window) == 0 else { throw Failure("openpty") }
    self.primary = primary
    self.secondary = secondary
  }

  deinit {
    close(primary)
    close(secondary)
  }

  /// The secondary side, for the program's standard descriptors. The pseudo-terminal keeps it
  /// open, so its modes can be read after the program has exited.
  var programSide: FileHandle {
    FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
  }

  /// Gives the terminal a new size, as a person resizing the window does. The kernel sends
  /// SIGWINCH only to the foreground process group of a terminal that is some session's
  /// controlling terminal; a stopped program gets nothing it could act on, and must ask for the
  /// size when it runs on.
  func resize(columns: Int, rows: Int) throws {
    var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(primary, UInt(TIOCSWINSZ), &window) == 0 else { throw Failure("ioctl(TIOCSWINSZ)") }
    size.withLock { $0 = (columns, rows) }
  }

  /// The terminal's modes now.
  func modes() throws -> TerminalModes {
    var settings = termios()
    guard tcgetattr(secondary, &settings) == 0 else { throw Failure("tcgetattr") }
    return TerminalModes(settings)
  }

  /// The terminal's settings as `stty -g` prints them: the form a person compares by hand,
  /// and a second opinion on ``modes()``.
  func sttySettings() throws -> String {
    let stty = Process()
    stty.executableURL = URL(fileURLWithPath: "/bin/stty")
    stty.arguments = ["-g"]
    stty.standardInput = programSide
    let output = Pipe()
    stty.standardOutput = output
    try stty.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    stty.waitUntilExit()
    guard stty.terminationStatus == 0 else { throw Failure("stty -g", EIO) }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Everything the program has written so far.
  var output: [UInt8] {
    received.withLock { $0 }
  }

  /// The screen the output so far draws.
  var screen: VirtualScreen {
    VirtualScreen(output, columns: columns, rows: rows)
  }

  /// Types `text` as key presses.
  func type(_ text: String) throws {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
      guard written > 0 else {
        if written < 0, errno == EINTR { continue }
        throw Failure("write")
      }
      offset += written
    }
  }

  /// Reads the program's output until `condition` holds for all of it, or `timeout` passes;
  /// returns whether the condition held. `event`, a descriptor that becomes readable when
  /// something the condition looks at happens (a process's end), wakes the wait too.
  func read(until condition: (PseudoTerminal) -> Bool, timeout: Duration, wakingOn event: Int32? = nil) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var buffer = [UInt8](repeating: 0, count: 4096)
    // Once no program holds the secondary side, only `event` can still change the condition.
    var isClosed = false
    while !condition(self) {
      let remaining = clock.now.duration(to: deadline)
      guard remaining > .zero else { return false }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      var descriptors = isClosed ? [] : [pollfd(fd: primary, events: Int16(POLLIN), revents: 0)]
      if let event {
        descriptors.append(pollfd(fd: event, events: Int16(POLLIN), revents: 0))
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if ready < 0, errno != EINTR {
        return false
      }
      guard ready > 0, !isClosed, descriptors[0].revents != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { readBytes(primary, $0.baseAddress, $0.count) }
      guard count > 0 else {
        // EIO: no program holds the secondary side any more. A process's end (`event`) can be
        // reported after that, by the thread that reaps it.
        guard event != nil else { return condition(self) }
        isClosed = true
        continue
      }
      received.withLock { $0 += buffer[..<count] }
    }
    return true
  }
}

extension Array where Element == UInt8 {
  /// Whether `bytes` occurs in this array.
  func contains(_ bytes: [UInt8]) -> Bool {
    firstRange(of: bytes) != nil
  }
}
