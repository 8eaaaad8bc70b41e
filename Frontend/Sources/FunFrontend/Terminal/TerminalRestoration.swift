import FunCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal back the way it was, from normal code or from a signal handler.
///
/// Everything the restore needs — the saved `termios`, the descriptors, the byte string that
/// leaves the alternate screen — is stored before the screen is taken over, in memory that is
/// never freed, so restoring calls only `write` and `tcsetattr`, both async-signal-safe, and
/// reads only atomics and that memory. An atomic flag makes restoring happen at most once per
/// takeover, whoever gets there first.
///
/// It runs at `exit()` and from signal handlers (both installed once). The handlers cover
/// termination (INT, TERM, HUP, QUIT) and crashes (ABRT, ILL, TRAP, SEGV, BUS, FPE, which is how
/// a Swift runtime error ends): restore, put the previous handler back and raise the signal
/// again, so the process ends as it would have (a shell reports 128 + the signal number) and a
/// crash still reaches the crash reporter. A signal ignored at start-up (nohup) stays ignored.
enum TerminalRestoration {
  /// The longest restore byte string.
  private static let capacity = 64
  private static let handledSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE,
  ]
  private static let signalSlots = 65

  private static let isArmed = Atomic<Bool>(false)
  private static let areHandlersInstalled = Atomic<Bool>(false)
  private static let inputDescriptor = Atomic<Int32>(-1)
  private static let outputDescriptor = Atomic<Int32>(-1)
  private static let restoreByteCount = Atomic<Int>(0)
  nonisolated(unsafe) private static let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) private static let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(
    capacity: signalSlots)

  /// Stores what ``restore()`` will need and arms it; then installs the signal handlers if
  /// they are not installed yet. Call before changing any terminal setting.
  static func arm(input: Int32, output: Int32, settings: termios, restoreSequence: String) {
    let bytes = Array(restoreSequence.utf8.prefix(capacity))
    savedSettings.pointee = settings
    for (offset, byte) in bytes.enumerated() {
      restoreBytes[offset] = byte
    }
    restoreByteCount.store(bytes.count, ordering: .releasing)
    inputDescriptor.store(input, ordering: .releasing)
    outputDescriptor.store(output, ordering: .releasing)
    isArmed.store(true, ordering: .releasing)
    installHandlers()
  }

  /// Writes the restore sequence and puts the saved terminal settings back, once per
  /// ``arm(input:output:settings:restoreSequence:)``. Async-signal-safe.
  static func restore() {
    guard isArmed.exchange(false, ordering: .acquiringAndReleasing) else { return }
    let output = outputDescriptor.load(ordering: .acquiring)
    FileDescriptorWriter.writeAll(output, restoreBytes, count: restoreByteCount.load(ordering: .acquiring))
    _ = tcsetattr(inputDescriptor.load(ordering: .acquiring), TCSAFLUSH, savedSettings)
  }

  private static func installHandlers() {
    guard !areHandlersInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    // `exit()` from anywhere (a fatal path, a library) restores too.
    atexit { TerminalRestoration.restore() }
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handleSignal
    #else
      action.__sigaction_u.__sa_handler = handleSignal
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    for signal in handledSignals {
      let previous = previousActions + Int(signal)
      sigaction(signal, nil, previous)
      // A signal ignored at start-up (nohup) stays ignored.
      if !isIgnored(previous.pointee) {
        sigaction(signal, &action, nil)
      }
    }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Restores, removes the files registered with ``/FunCore/SignalExitCleanup`` (a socket
  /// the app listens on), reinstates the handler that was there before, and raises the signal
  /// again; it is delivered when this handler returns.
  private static let handleSignal: @convention(c) (Int32) -> Void = { signal in
    TerminalRestoration.restore()
    SignalExitCleanup.removeFiles()
    if signal >= 0 && signal < TerminalRestoration.signalSlots {
      sigaction(signal, TerminalRestoration.previousActions + Int(signal), nil)
    }
    raise(signal)
  }
}
