import Dispatch
import FunCore
import FunModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal: raw keyboard input, the alternate screen, resize events, and a restore
/// that always happens.
///
/// ``enterFullScreen()`` saves the terminal settings (`tcgetattr`), switches to raw mode and the
/// alternate screen, hides the cursor and turns on bracketed paste, focus reports and (unless
/// ``TerminalCapabilities/reportsMouse`` is off) mouse reports; ``leaveFullScreen()``
/// (idempotent) turns those modes off, shows the cursor, leaves the alternate screen and
/// restores the saved settings exactly. If the process is
/// killed (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE) or crashes, signal handlers perform the
/// same restore with async-signal-safe calls only, then let the signal end the process.
///
/// Job control works as in any full-screen program: ``suspend()`` (Ctrl-Z, which raw mode
/// turns into a key) and SIGTSTP give the terminal back exactly as on exit and stop the
/// process; when it is continued in the foreground (`fg`, SIGCONT), raw mode, the alternate
/// screen and the input modes come back and the next frame is a full redraw. Frames presented
/// while the job is stopped are not written.
///
/// Resizes (SIGWINCH) are observed on a dispatch queue and reported by ``resizes()``; the next
/// frame after one is a full redraw. A continued job reports one too, since it missed any
/// resize while it was stopped. Keys are read separately, by ``InputReader``.
///
/// A terminal that is not to address its cursor (`TERM=dumb`, or screen-reader mode; see
/// ``TerminalCapabilities/addressesCursor``) gets no alternate screen, and each frame that
/// differs from the last is printed in full, as plain lines below it, as a transcript. The one
/// escape sequence it may get is bracketed paste's, on and off as full-screen mode turns it
/// (``TerminalCapabilities/bracketsPaste``; not under `TERM=dumb`): keys come raw all the same,
/// and a paste must arrive as text, not as keys. Plain lines may go to a pipe (`fun
/// --screen-reader | espeak-ng`); then the paste mode goes to the keyboard's terminal (the
/// input descriptor), where it belongs and where it cannot be read aloud.
///
/// Thread-safety: every member may be used from any thread; each frame is written with one
/// `write` call sequence under a lock, so frames never interleave.
public final class TTYTerminal: Terminal {
  private struct State {
    var renderer: Renderer
    var isFullScreen = false
    var resizeSource: (any DispatchSourceSignal)?
    /// Without cursor addressing: the text of the frame printed last.
    var lastPrintedFrame: String?
    /// The takeover of the terminal (``TerminalRestoration/takeovers``) the last frame was
    /// drawn for: after a stop the screen must be drawn whole.
    var takeover = 0
  }

  /// Entering: alternate screen, cursor hidden, bracketed paste on (a paste arrives as text,
  /// never as key presses), focus reports on (so a window in the background spares the
  /// spinner's redraws). The first frame after it clears the screen.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1004h"
  /// Mouse reports on: presses and releases (1000) in the SGR form (1006), which has no limit
  /// on the column and cannot be mistaken for typed text.
  private static let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Leaving: mouse reports, focus reports and bracketed paste off (whether or not they were
  /// on: every way out gives the terminal back as it was), a synchronized update a crash may
  /// have left open ended, default style, cursor shown, main screen back.
  static let leaveSequence =
    "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?2026l\u{1B}[m\u{1B}[?25h\u{1B}[?1049l"
  /// Bracketed paste on and off, alone: all a terminal without cursor addressing gets.
  static let pasteOnSequence = "\u{1B}[?2004h"
  static let pasteOffSequence = "\u{1B}[?2004l"

  /// What the terminal should receive.
  let capabilities: TerminalCapabilities
  private let input: Int32
  private let output: Int32
  /// Whether `output` is a terminal, which raw mode (set on `input`'s) leaves without output
  /// processing; a pipe (`fun --screen-reader | espeak-ng`) or a file is not.
  private let outputIsTerminal: Bool
  private let state: Locked<State>
  private let sizes = MulticastStream<TerminalSize>(replaysLatest: false)

  /// Creates a terminal on `input` and `output` (stdin and stdout by default); nothing changes
  /// until ``enterFullScreen()``.
  public init(
    input: Int32 = STDIN_FILENO,
    output: Int32 = STDOUT_FILENO,
    capabilities: TerminalCapabilities
  ) {
    self.input = input
    self.output = output
    outputIsTerminal = isatty(output) == 1
    self.capabilities = capabilities
    state = Locked(State(renderer: Renderer(support: capabilities.styleSupport)))
  }

  deinit {
    leaveFullScreen()
  }

  /// The size the terminal reports now, or the capabilities' fallback size.
  public var size: TerminalSize {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return capabilities.fallbackSize
    }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// The terminal as the clipboard: a copy goes out as an OSC 52 sequence, never inside a
  /// frame. Only for a terminal that takes escape sequences
  /// (``TerminalCapabilities/addressesCursor``).
  public var clipboard: any ClipboardService {
    TerminalClipboard(terminal: self)
  }

  /// Writes `bytes` to the terminal now.
  func write(_ bytes: [UInt8]) {
    state.withLock { _ in writeAll(bytes) }
  }

  /// Nothing is buffered: every write goes straight to the descriptor.
  func flush() {}

  /// Saves the settings, then switches to raw mode, the alternate screen and a hidden cursor
  /// (without cursor addressing: raw mode and bracketed paste alone), and starts watching
  /// resizes. Does nothing when already full-screen.
  public func enterFullScreen() throws(TerminalError) {
    try state.withLock { (state: inout State) throws(TerminalError) in
      guard !state.isFullScreen else { return }
      let addressesCursor = capabilities.addressesCursor
      guard isatty(input) == 1 else { throw .notATerminal(fileDescriptor: input) }
      // Plain lines (the screen reader's) may go to a pipe; a full screen needs a terminal.
      guard !addressesCursor || isatty(output) == 1 else { throw .notATerminal(fileDescriptor: output) }
      var original = termios()
      guard tcgetattr(input, &original) == 0 else { throw .systemCall(name: "tcgetattr", code: errno) }
      let enterSequence: String
      let restoreSequence: String
      if addressesCursor {
        enterSequence = Self.enterSequence + (capabilities.reportsMouse ? Self.mouseOnSequence : "")
        restoreSequence = Self.leaveSequence
      } else {
        let paste = capabilities.bracketsPaste
        enterSequence = paste ? Self.pasteOnSequence : ""
        // Into a pipe, the closing line end is written on leaving (``leaveFullScreen()``): the
        // restore goes to the keyboard's terminal.
        restoreSequence = (paste ? Self.pasteOffSequence : "") + (outputIsTerminal ? lineEnd(rawMode: true) : "")
      }
      var raw = Self.rawSettings(from: original)
      TerminalRestoration.arm(
        input: input,
        output: modesOutput,
        settings: original,
        rawSettings: raw,
        restoreSequence: restoreSequence,
        resumeSequence: enterSequence
      )
      guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
        let code = errno
        TerminalRestoration.restore()
        throw .systemCall(name: "tcsetattr", code: code)
      }
      writeAll(Array(enterSequence.utf8), to: modesOutput)
      state.renderer.invalidate()
      state.lastPrintedFrame = nil
      state.takeover = TerminalRestoration.takeovers
      state.resizeSource = startWatchingResizes()
      state.isFullScreen = true
    }
  }

  /// Shows the cursor, leaves the alternate screen and restores the saved settings. Safe to
  /// call any number of times.
  public func leaveFullScreen() {
    state.withLock { state in
      guard state.isFullScreen else { return }
      state.resizeSource?.cancel()
      state.resizeSource = nil
      state.isFullScreen = false
      if modesOutput != output, TerminalRestoration.isTakenOver {
        writeAll(Array(lineEnd(rawMode: true).utf8))
      }
      TerminalRestoration.restore()
    }
  }

  /// Where the terminal's modes are set: the output, unless plain lines go to a pipe or a file,
  /// which must get nothing but them; then the keyboard's terminal.
  private var modesOutput: Int32 {
    capabilities.addressesCursor || outputIsTerminal ? output : input
  }

  /// Stops the process as Ctrl-Z does in a shell, where raw mode makes Ctrl-Z a key: sends
  /// SIGTSTP to the whole process group, as the terminal would have (a shell's job stops, all
  /// its processes). The signal handler gives the terminal back before the stop and takes it
  /// again when the job is continued. Does nothing where SIGTSTP was ignored at start-up.
  public func suspend() {
    guard TerminalRestoration.canStop else { return }
    kill(0, SIGTSTP)
  }

  /// Writes what changed since the last frame, in one go; without cursor addressing, the
  /// whole frame as plain lines when it differs from the last one printed. Writes nothing while
  /// a stop has given the terminal back, and everything in the first frame after it is taken
  /// again.
  public func present(_ canvas: Canvas) {
    state.withLock { state in
      if state.isFullScreen {
        guard TerminalRestoration.isTakenOver else { return }
        let takeover = TerminalRestoration.takeovers
        if takeover != state.takeover {
          state.takeover = takeover
          state.renderer.invalidate()
          state.lastPrintedFrame = nil
        }
      }
      guard capabilities.addressesCursor else {
        let text = canvas.plainText
        guard text != state.lastPrintedFrame else { return }
        state.lastPrintedFrame = text
        let end = lineEnd(rawMode: state.isFullScreen)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        writeAll(Array((end + lines.joined(separator: end) + end).utf8))
        return
      }
      writeAll(state.renderer.frame(for: canvas))
    }
  }

  /// Appends `lines` below what the terminal shows, as plain text and nothing else: the output
  /// of screen-reader mode, which never addresses the cursor. The caller sanitises them. Writes
  /// nothing while a stop has given the terminal back.
  public func append(lines: [String]) {
    guard !lines.isEmpty else { return }
    state.withLock { state in
      if state.isFullScreen, !TerminalRestoration.isTakenOver { return }
      let end = lineEnd(rawMode: state.isFullScreen)
      writeAll(Array(lines.map { $0 + end }.joined().utf8))
    }
  }

  /// How a plain line ends: CR LF on a terminal in raw mode, which turns off the output
  /// processing that makes LF go to the start of the next line; LF elsewhere, where a CR would be
  /// a stray character in the pipe or file (or a synthesiser's input).
  private func lineEnd(rawMode: Bool) -> String {
    rawMode && outputIsTerminal ? "\r\n" : "\n"
  }

  /// Makes the next frame a full redraw.
  public func invalidate() {
    state.withLock { state in
      state.renderer.invalidate()
      state.lastPrintedFrame = nil
    }
  }

  /// The sizes the terminal takes from now on, one per SIGWINCH while full-screen.
  public func resizes() -> MulticastStream<TerminalSize>.Subscription {
    sizes.subscribe()
  }

  /// `settings` in raw mode, as `cfmakeraw` does: no echo, no line editing, no signal keys
  /// (Ctrl-C arrives as a key), no input or output translation, 8-bit characters.
  private static func rawSettings(from settings: termios) -> termios {
    var raw = settings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON | INLCR | IGNCR | PARMRK)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return raw
  }

  private func startWatchingResizes() -> any DispatchSourceSignal {
    signal(SIGWINCH, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: DispatchQueue(label: "fun.terminal.resize"))
    source.setEventHandler { [weak self] in
      guard let self else { return }
      let newSize = size
      invalidate()
      sizes.send(newSize)
    }
    source.resume()
    return source
  }

  private func writeAll(_ bytes: [UInt8], to descriptor: Int32? = nil) {
    // A terminal that cannot be written has nowhere to report it.
    _ = bytes.withUnsafeBytes { FileDescriptorWriter.writeAll(descriptor ?? output, $0) }
  }
}
