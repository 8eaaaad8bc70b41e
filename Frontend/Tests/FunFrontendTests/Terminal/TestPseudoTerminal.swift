import Testing

@testable import FunFrontend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  private let readBytes = Glibc.read
  private let writeBytes = Glibc.write
#elseif canImport(Darwin)
  private let readBytes = Darwin.read
  private let writeBytes = Darwin.write
#endif

/// The tests that take a terminal over: ``TTYTerminal`` and ``TerminalRestoration``, which keep
/// who holds the terminal, the descriptors and the settings in one process-wide place (a signal
/// handler must find them), so these tests run one at a time. Each gives the terminal back
/// before it ends, so nothing is left for the process's exit to restore.
@Suite("Taking a terminal over, in a pseudo-terminal", .serialized)
enum TerminalTakeoverTests {}

/// A terminal's modes as `tcgetattr` reports them, compared field by field.
///
/// Its twin is `TerminalModes` in App/Tests/FunAppTests/Support/PseudoTerminal.swift (a test
/// target cannot import another package's tests): keep the two in step.
struct TerminalModes: Equatable, CustomStringConvertible {
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

  var description: String {
    "iflag \(inputFlags) oflag \(outputFlags) cflag \(controlFlags) lflag \(localFlags)"
  }

  /// Whether the modes are raw as ``TTYTerminal`` sets them: no echo, no line editing, no
  /// signal keys, no input or output translation, 8-bit characters, a read returns each byte.
  var isRaw: Bool {
    let cookedInput = UInt64(BRKINT | ICRNL | INPCK | ISTRIP | IXON | INLCR | IGNCR | PARMRK)
    let cookedLocal = UInt64(ECHO | ECHONL | ICANON | IEXTEN | ISIG)
    return inputFlags & cookedInput == 0 && outputFlags & UInt64(OPOST) == 0
      && controlFlags & UInt64(CSIZE | PARENB) == UInt64(CS8) && localFlags & cookedLocal == 0
      && controlCharacters[Int(VMIN)] == 1 && controlCharacters[Int(VTIME)] == 0
  }

  /// Whether the modes are a shell's: echo, line editing and signal keys on.
  var isCooked: Bool {
    localFlags & UInt64(ECHO | ICANON | ISIG) == UInt64(ECHO | ICANON | ISIG)
  }
}

/// A pseudo-terminal opened in the test process: the terminal under test gets the secondary
/// side as its input and output; the test reads what it wrote from the primary side, and its
/// modes with `tcgetattr`. It is no process's controlling terminal, so job control never says
/// the process is in the background.
final class TestPseudoTerminal {
  struct Failure: Error, CustomStringConvertible {
    let description: String

    init(_ call: String, _ code: Int32 = errno) {
      description = "\(call) failed: \(String(cString: strerror(code)))"
    }
  }

  /// What the test reads from.
  let primary: Int32
  /// What the terminal under test reads from and writes to.
  let secondary: Int32
  /// Written after the output under test, so reading up to it reads everything before it (the
  /// same descriptor keeps the order) without waiting for bytes that may never come.
  private static let marker = Array("<end of output>".utf8)

  /// Opens a pseudo-terminal of `columns` × `rows` in its default (cooked) modes.
  init(columns: Int = 20, rows: Int = 3) throws {
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

  /// The modes the terminal has now.
  func modes() throws -> TerminalModes {
    TerminalModes(try settings())
  }

  /// The settings the terminal has now.
  func settings() throws -> termios {
    var settings = termios()
    guard tcgetattr(secondary, &settings) == 0 else { throw Failure("tcgetattr") }
    return settings
  }

  /// Sets `settings`, as a shell does when the job it ran stops.
  func set(_ settings: termios) throws {
    var settings = settings
    guard tcsetattr(secondary, TCSANOW, &settings) == 0 else { throw Failure("tcsetattr") }
  }

  /// Everything written to the terminal since the last call: writes a marker after it, then
  /// reads up to the marker, waiting for the bytes with `poll` (bounded, never sleeping).
  func output() throws -> [UInt8] {
    try Self.marker.withUnsafeBytes { bytes in
      guard writeBytes(secondary, bytes.baseAddress, bytes.count) == bytes.count else { throw Failure("write") }
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !received.ends(with: Self.marker) {
      var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 10_000)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { throw Failure("poll (no output within 10 s)", ETIMEDOUT) }
      let count = buffer.withUnsafeMutableBytes { readBytes(primary, $0.baseAddress, $0.count) }
      guard count > 0 else { throw Failure("read") }
      received += buffer[..<count]
    }
    return Array(received.dropLast(Self.marker.count))
  }

  /// ``output()`` as text.
  func text() throws -> String {
    String(decoding: try output(), as: UTF8.self)
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
