import FunCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives the terminal back the way it was, from normal code or from a signal handler, and takes
/// it again when a stopped job goes on.
///
/// Everything this needs — the saved `termios` and the raw ones, the descriptors, the byte
/// strings that leave and re-enter the alternate screen — is stored before the screen is taken
/// over, in memory that is never freed. So the signal handlers call only async-signal-safe
/// functions (`write`, `tcsetattr`, `tcgetpgrp`, `getpgrp`, `sigaction`, `sigemptyset`,
/// `sigaddset`, `pthread_sigmask`, `raise`, `kill`, and `lstat` and `unlink` through
/// ``/FunCore/SignalExitCleanup``), and read only atomics and that memory. One atomic says who
/// has the terminal (``Holder``), so each change happens once, whoever gets there first.
///
/// Handlers are installed once, at the first ``arm(input:output:settings:rawSettings:restoreSequence:resumeSequence:)``;
/// a signal ignored at start-up (nohup) stays ignored. What each signal does:
///
/// - **Ending** (INT, TERM, HUP, QUIT, PIPE): restore, remove the registered files (the link
///   socket), then end by the signal's default action, whatever handler was there before, so a
///   shell reports 128 + its number (131 for QUIT). The Swift backtracer, on by default on
///   Linux, catches SIGQUIT itself, prints a backtrace and lets the process run on: it is not
///   asked.
/// - **Crashing** (ABRT, ILL, TRAP, SEGV, BUS, FPE, which is how a Swift runtime error ends):
///   restore, remove the files, put the previous handler back and raise the signal again, so
///   the crash still reaches the crash reporter (the backtracer).
/// - **Stopping** (TSTP: `kill -TSTP`, or Ctrl-Z through ``TTYTerminal/suspend()``): give the
///   terminal back as on exit but keep the files (the process will run on), stop as the default
///   action would, and take the terminal back when continued. Where the kernel discards the stop
///   (in an orphaned process group, which no shell could continue) the terminal is taken back at
///   once.
/// - **Continuing** (CONT: `fg`, `kill -CONT`): take the terminal back if this process is in
///   the foreground. A job continued in the background (`bg`) stops again at once with SIGTTOU,
///   as a program that touches the terminal from there is stopped (a shell says "Stopped (tty
///   output)"), until `fg`. After a stop the handler did not see coming (SIGSTOP), raw mode is
///   set again, since the shell puts its own modes back when a job stops.
///
/// After taking the terminal back, the handler sends SIGWINCH to its own process: a stopped
/// process misses resizes, and ``TTYTerminal`` answers SIGWINCH by drawing a whole frame at the
/// size the terminal has now. ``takeovers`` counts how often the terminal was taken, so that the
/// first frame after any takeover is whole even if it comes before that.
enum TerminalRestoration {
  /// Who has the terminal.
  enum Holder: UInt8, AtomicRepresentable {
    /// The shell, as before the app took over: never taken, or given back for good.
    case shell
    /// The app: raw mode, the alternate screen, its input modes.
    case app
    /// The shell, for as long as the app's job is stopped; the app takes it back when continued.
    case stoppedJob
    /// Being taken back by a continued job.
    case resuming
  }

  /// The longest byte string to leave or re-enter the alternate screen.
  private static let capacity = 64
  private static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]
  private static let crashSignals: [Int32] = [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]
  private static let signalSlots = 65

  private static let holder = Atomic<Holder>(.shell)
  private static let takeoverCount = Atomic<Int>(0)
  private static let areHandlersInstalled = Atomic<Bool>(false)
  private static let handlesStop = Atomic<Bool>(false)
  private static let inputDescriptor = Atomic<Int32>(-1)
  private static let outputDescriptor = Atomic<Int32>(-1)
  private static let restoreByteCount = Atomic<Int>(0)
  private static let resumeByteCount = Atomic<Int>(0)
  nonisolated(unsafe) private static let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) private static let rawSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) private static let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static let resumeBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(
    capacity: signalSlots)

  /// Stores what giving the terminal back and taking it again will need, and marks it as the
  /// app's; then installs the signal handlers if they are not installed yet. Call before
  /// changing any terminal setting.
  /// - Parameters:
  ///   - settings: the terminal's settings now, which giving it back restores.
  ///   - rawSettings: the settings the app runs with, which taking it back sets again.
  ///   - restoreSequence: the bytes that give the screen back (leave the alternate screen…).
  ///   - resumeSequence: the bytes that take it again after a stop (enter the alternate screen…).
  static func arm(
    input: Int32,
    output: Int32,
    settings: termios,
    rawSettings raw: termios,
    restoreSequence: String,
    resumeSequence: String
  ) {
    savedSettings.pointee = settings
    rawSettings.pointee = raw
    restoreByteCount.store(store(restoreSequence, in: restoreBytes), ordering: .releasing)
    resumeByteCount.store(store(resumeSequence, in: resumeBytes), ordering: .releasing)
    inputDescriptor.store(input, ordering: .releasing)
    outputDescriptor.store(output, ordering: .releasing)
    takeoverCount.add(1, ordering: .releasing)
    holder.store(.app, ordering: .releasing)
    installHandlers()
  }

  /// Whether the app has the terminal now: not while a stop has given it to the shell.
  static var isTakenOver: Bool {
    holder.load(ordering: .acquiring) == .app
  }

  /// How many times the terminal was taken over, counting each time a continued job took it
  /// back; a frame drawn after this changes must be whole.
  static var takeovers: Int {
    takeoverCount.load(ordering: .acquiring)
  }

  /// Whether a stop request (SIGTSTP) stops the process the way job control expects, with the
  /// terminal given back first: `false` when SIGTSTP was ignored at start-up.
  static var canStop: Bool {
    handlesStop.load(ordering: .acquiring)
  }

  /// Gives the terminal back for good: writes the restore sequence and puts the saved settings
  /// back, once per ``arm(input:output:settings:rawSettings:restoreSequence:resumeSequence:)``;
  /// nothing while a stop has given it back already. Async-signal-safe.
  static func restore() {
    // While `.resuming`, the job taking the terminal back sees `.shell` and gives it back.
    guard holder.exchange(.shell, ordering: .acquiringAndReleasing) == .app else { return }
    giveBack()
  }

  /// Copies the first ``capacity`` bytes of `sequence` to `bytes`; returns how many.
  private static func store(_ sequence: String, in bytes: UnsafeMutablePointer<UInt8>) -> Int {
    let sequenceBytes = Array(sequence.utf8.prefix(capacity))
    for (offset, byte) in sequenceBytes.enumerated() {
      bytes[offset] = byte
    }
    return sequenceBytes.count
  }

  private static func giveBack() {
    FileDescriptorWriter.writeAll(
      outputDescriptor.load(ordering: .acquiring), restoreBytes, count: restoreByteCount.load(ordering: .acquiring))
    _ = tcsetattr(inputDescriptor.load(ordering: .acquiring), TCSAFLUSH, savedSettings)
  }

  /// Whether this process may use the terminal: its process group is the terminal's foreground
  /// group, or the terminal is not its controlling terminal (then no job control says
  /// otherwise). A background job that changed the settings would be stopped by SIGTTOU.
  private static var isInForeground: Bool {
    let foreground = tcgetpgrp(inputDescriptor.load(ordering: .acquiring))
    return foreground == -1 || foreground == getpgrp()
  }

  /// Gives the terminal back for a stop, as on exit, if the app has it. Async-signal-safe; the
  /// SIGTSTP handler's first step.
  static func suspend() {
    guard holder.compareExchange(expected: .app, desired: .stoppedJob, ordering: .acquiringAndReleasing).exchanged
    else { return }
    // A job stopped in the background has nothing on the terminal to give back.
    if isInForeground {
      giveBack()
    }
  }

  /// Takes the terminal back after a stop. With `afterUnexpectedStop`, a continue that finds the
  /// app still holding the terminal (it was stopped by SIGSTOP, which no handler sees) sets raw
  /// mode again.
  ///
  /// A job continued in the background (`bg`) stops again first, with SIGTTOU, as any program
  /// that sets terminal modes from the background is stopped: a full-screen app has nothing to
  /// do there, and a shell's `fg` continues (SIGCONT) only a stopped job, so one left running
  /// would never learn that it has the terminal again.
  ///
  /// Async-signal-safe: what the SIGCONT handler does, and the SIGTSTP handler once the stop
  /// is over.
  static func resume(afterUnexpectedStop: Bool) {
    if !isInForeground {
      guard holder.load(ordering: .acquiring) != .shell else { return }
      stop(by: SIGTTOU)
      // Still in the background where the kernel discarded the stop (an orphaned group).
      guard isInForeground else { return }
    }
    if holder.compareExchange(expected: .stoppedJob, desired: .resuming, ordering: .acquiringAndReleasing).exchanged {
      _ = tcsetattr(inputDescriptor.load(ordering: .acquiring), TCSANOW, rawSettings)
      FileDescriptorWriter.writeAll(
        outputDescriptor.load(ordering: .acquiring), resumeBytes, count: resumeByteCount.load(ordering: .acquiring))
      // Counted before frames may be drawn again, so the first one is whole.
      takeoverCount.add(1, ordering: .releasing)
      guard
        holder.compareExchange(expected: .resuming, desired: .app, ordering: .acquiringAndReleasing).exchanged
      else {
        // Given back for good meanwhile (the process is ending): give it back again.
        giveBack()
        return
      }
    } else if afterUnexpectedStop, holder.load(ordering: .acquiring) == .app {
      _ = tcsetattr(inputDescriptor.load(ordering: .acquiring), TCSANOW, rawSettings)
      takeoverCount.add(1, ordering: .releasing)
    } else {
      return
    }
    kill(getpid(), SIGWINCH)
  }

  private static func installHandlers() {
    guard !areHandlersInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    // `exit()` from anywhere (a fatal path, a library) restores too.
    atexit { TerminalRestoration.restore() }
    for signal in endingSignals {
      install(action(.plain(onEnding)), for: signal)
    }
    for signal in crashSignals {
      install(action(.informed(onCrash)), for: signal)
    }
    // Stopping and continuing return to the interrupted code: its system calls go on.
    if install(action(.plain(onStop), flags: SA_RESTART), for: SIGTSTP) {
      handlesStop.store(true, ordering: .releasing)
    }
    install(action(.plain(onContinue), flags: SA_RESTART), for: SIGCONT)
  }

  /// Installs `action` for `signal` unless the signal was ignored at start-up, keeping the
  /// previous action for ``onCrash``; returns whether it installed it.
  @discardableResult
  private static func install(_ action: sigaction, for signal: Int32) -> Bool {
    let previous = previousActions + Int(signal)
    sigaction(signal, nil, previous)
    guard !isIgnored(previous.pointee) else { return false }
    var action = action
    sigaction(signal, &action, nil)
    return true
  }

  /// What a signal runs: a handler told only the signal's number (or `SIG_DFL`, the default
  /// action), or one told who sent it (`SA_SIGINFO`).
  private enum Handler {
    case plain((@convention(c) (Int32) -> Void)?)
    case informed(@convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void)
  }

  /// A `sigaction` running `handler` with no other signal blocked. Async-signal-safe.
  private static func action(_ handler: Handler, flags: Int32 = 0) -> sigaction {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    switch handler {
    case .plain(let handler):
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
      #else
        action.__sigaction_u.__sa_handler = handler
      #endif
    case .informed(let handler):
      #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = handler
      #else
        action.__sigaction_u.__sa_sigaction = handler
      #endif
      action.sa_flags |= SA_SIGINFO
    }
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
    var defaultAction = TerminalRestoration.action(.plain(SIG_DFL))
    sigaction(signal, &defaultAction, nil)
    raise(signal)
  }

  /// Restores, removes the registered files, and raises the signal again; it is delivered when
  /// this handler returns. A crash (the kernel's signal for a fault, or the process's own
  /// `abort`) goes on to the handler that was there before, a crash reporter's. A crash signal
  /// another process sent (`kill -SEGV`) is not a crash: it ends the process by its default
  /// action, as an ending signal does, since a crash reporter reports and then returns, and the
  /// process would run on without its terminal.
  private static let onCrash:
    @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
      signal, information, _ in
      TerminalRestoration.restore()
      SignalExitCleanup.removeFiles()
      if let information, TerminalRestoration.isSentByAnotherProcess(information.pointee, to: getpid()) {
        var defaultAction = TerminalRestoration.action(.plain(SIG_DFL))
        sigaction(signal, &defaultAction, nil)
      } else if signal >= 0 && signal < TerminalRestoration.signalSlots {
        sigaction(signal, TerminalRestoration.previousActions + Int(signal), nil)
      }
      raise(signal)
    }

  /// Whether a process other than `process` sent the signal (`kill`, `sigqueue`), as opposed
  /// to the kernel reporting a fault or the process raising it itself (`abort`). Linux marks a
  /// sent signal by a code of 0 or less (`SI_USER`, `SI_QUEUE`, `SI_TKILL`) and its sender.
  /// Darwin sets the sender only for SIGABRT and SIGTRAP and makes the code of SIGSEGV, SIGBUS,
  /// SIGILL and SIGFPE up from the last exception, whoever sent them; there a known sender is
  /// all there is to go by, so one of those four sent with `kill` is taken for a crash.
  /// Async-signal-safe.
  static func isSentByAnotherProcess(_ information: siginfo_t, to process: pid_t) -> Bool {
    #if canImport(Glibc)
      let sender = information._sifields._kill.si_pid
      return information.si_code <= 0 && sender != process
    #else
      let sender = information.si_pid
      return sender != 0 && sender != process
    #endif
  }

  /// Stops the process by `signal`'s default action, from a signal handler: returns once the
  /// process is continued, or at once where the kernel discards the stop (in an orphaned process
  /// group, which no shell could continue) or the signal was ignored at start-up. The signal is
  /// unblocked in this thread and raised at it, since it may be blocked here (while its own
  /// handler runs, or on a dispatch thread). Async-signal-safe.
  private static func stop(by signal: Int32) {
    var previousAction = sigaction()
    sigaction(signal, nil, &previousAction)
    guard !isIgnored(previousAction) else { return }
    var defaultAction = action(.plain(SIG_DFL))
    sigaction(signal, &defaultAction, nil)
    defer { sigaction(signal, &previousAction, nil) }
    var stopSignal = sigset_t()
    sigemptyset(&stopSignal)
    sigaddset(&stopSignal, signal)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &stopSignal, &previousMask)
    raise(signal)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  }

  /// Gives the terminal back, stops the process as SIGTSTP's default action does, and takes
  /// the terminal back once continued (or at once, where the kernel discarded the stop).
  private static let onStop: @convention(c) (Int32) -> Void = { _ in
    let interruptedError = errno
    TerminalRestoration.suspend()
    TerminalRestoration.stop(by: SIGTSTP)
    TerminalRestoration.resume(afterUnexpectedStop: false)
    errno = interruptedError
  }

  /// Takes the terminal back when the process goes on in the foreground; leaves `errno` as the
  /// interrupted code had it.
  static let onContinue: @convention(c) (Int32) -> Void = { _ in
    let interruptedError = errno
    TerminalRestoration.resume(afterUnexpectedStop: true)
    errno = interruptedError
  }
}
