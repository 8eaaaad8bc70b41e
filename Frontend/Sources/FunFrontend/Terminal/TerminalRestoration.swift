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
/// It runs at `exit()` and from signal handlers (both installed once). The handlers restore
/// and remove the files registered with ``/FunCore/SignalExitCleanup``, then:
///
/// - for an ending signal (INT, TERM, HUP, QUIT, PIPE), raise it again with its default action,
///   whatever handler was there before, so the process ends by it (a shell reports 128 + its
///   number, 131 for QUIT). The Swift backtracer, on by default on Linux, catches SIGQUIT
///   itself, prints a backtrace and lets the process run on: it is not asked.
/// - for a crash (ABRT, ILL, TRAP, SEGV, BUS, FPE, which is how a Swift runtime error ends),
///   put the previous handler back and raise it again, so the crash still reaches the crash
///   reporter (the backtracer).
///
/// A signal ignored at start-up (nohup) stays ignored.
enum TerminalRestoration {
  /// The longest restore byte string.
  private static let capacity = 64
  private static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]
  private static let crashSignals: [Int32] = [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]
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
    for signal in endingSignals {
      install(onEnding, for: signal)
    }
    for signal in crashSignals {
      install(onCrash, for: signal)
    }
  }

  /// Installs `handler` for `signal` unless the signal was ignored at start-up, keeping the
  /// previous action for ``onCrash``.
  private static func install(_ handler: @escaping @convention(c) (Int32) -> Void, for signal: Int32) {
    let previous = previousActions + Int(signal)
    sigaction(signal, nil, previous)
    guard !isIgnored(previous.pointee) else { return }
    var handlerAction = action(handler)
    sigaction(signal, &handlerAction, nil)
  }

  /// A `sigaction` running `handler` (`SIG_DFL` for the default action) with no other signal
  /// blocked. Async-signal-safe.
  private static func action(_ handler: (@convention(c) (Int32) -> Void)?) -> sigaction {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    return action
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Restores, removes the files registered with ``/FunCore/SignalExitCleanup`` (a socket the
  /// app listens on), and raises the signal again with its default action; it is delivered,
  /// and ends the process, when this handler returns.
  private static let onEnding: @convention(c) (Int32) -> Void = { signal in
    TerminalRestoration.restore()
    SignalExitCleanup.removeFiles()
    var defaultAction = TerminalRestoration.action(SIG_DFL)
    sigaction(signal, &defaultAction, nil)
    raise(signal)
  }

  /// Restores, removes the registered files, reinstates the handler that was there before (a
  /// crash reporter's), and raises the signal again; it is delivered when this handler returns.
  private static let onCrash: @convention(c) (Int32) -> Void = { signal in
    TerminalRestoration.restore()
    SignalExitCleanup.removeFiles()
    if signal >= 0 && signal < TerminalRestoration.signalSlots {
      sigaction(signal, TerminalRestoration.previousActions + Int(signal), nil)
    }
    raise(signal)
  }
}
