import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `fun` binary running a script in its own process, so tests can run two at once on
/// one state directory or kill one mid-run.
///
/// Stdin is empty and stderr goes to a file (read with ``errors``). Stdout goes to /dev/null,
/// or to a pipe read with ``waitForOutput(bytes:)`` and drained by ``wait(until:)`` and
/// ``waitForExit()``; a pipe nobody reads fills up and stalls `fun`, so only a test that reads
/// it asks for one. Every
/// wait is bounded by ``timeout``; tests call them through ``blocking(_:)``.
final class ScriptProcess: Sendable {
  /// How long any one wait may take before the test gives up; generous for a loaded CI machine.
  static let timeout: Duration = .seconds(60)

  /// How `fun` ended.
  struct Exit: Equatable {
    /// The exit status, or the signal that ended it.
    let status: Int32
    /// Whether a signal ended it.
    let wasSignalled: Bool
  }

  private let process = Process()
  private let output: Pipe?
  private let errorFile: URL
  private let exited = DispatchSemaphore(value: 0)

  /// Starts `executable --script <script> --state-dir <stateDirectory> <arguments>`, its stdout
  /// in a pipe when `readsOutput`.
  init(
    executable: URL,
    script: String,
    stateDirectory: String,
    errorFile: URL,
    arguments: [String] = [],
    readsOutput: Bool = false
  ) throws {
    self.errorFile = errorFile
    output = readsOutput ? Pipe() : nil
    try Data().write(to: errorFile)
    process.executableURL = executable
    // A loaded machine (the thread-sanitizer run) can starve a child far beyond the 5 s default.
    process.arguments = ["--script", script, "--state-dir", stateDirectory, "--settle-timeout", "120"] + arguments
    process.environment = FunExecutable.standardEnvironment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output ?? FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errorFile)
    let exited = exited
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
  }

  /// Reads stdout until at least `count` bytes have come or stdout ends; returns how many came.
  func waitForOutput(bytes count: Int) -> Int {
    guard let descriptor = output?.fileHandleForReading.fileDescriptor else { return 0 }
    var received = 0
    let deadline = ContinuousClock.now.advanced(by: Self.timeout)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while received < count, ContinuousClock.now < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let read = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      guard read > 0 else { break }
      received += read
    }
    return received
  }

  /// Polls `condition` until it holds or ``timeout`` passes; returns whether it held. It
  /// checks again at once, for conditions that hold only for a moment, and meanwhile reads and
  /// drops a piped stdout, so `fun` never stalls on a full pipe.
  func wait(until condition: () -> Bool) -> Bool {
    let descriptor = output?.fileHandleForReading.fileDescriptor
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let deadline = ContinuousClock.now.advanced(by: Self.timeout)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      if let descriptor {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 0) > 0 {
          _ = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
        }
      }
      sched_yield()
    }
    return false
  }

  /// Freezes `fun` with SIGSTOP and returns once every thread of it has stopped (or it has
  /// ended), so whatever a test sees on disk then stays as it is until ``resume()`` or
  /// ``kill()``. Returns whether it is stopped.
  func stop() -> Bool {
    let identifier = process.processIdentifier
    Foundation.kill(identifier, SIGSTOP)
    // WNOWAIT leaves the state change to be collected by Process, which reaps the child.
    var information = siginfo_t()
    let options = WSTOPPED | WEXITED | WNOWAIT
    while waitid(P_PID, id_t(identifier), &information, options) == -1, errno == EINTR {}
    return information.si_code == CLD_STOPPED
  }

  /// Lets a ``stop()``ped `fun` run on.
  func resume() {
    Foundation.kill(process.processIdentifier, SIGCONT)
  }

  /// Sends SIGKILL: no handler runs, no buffer is flushed, a write in progress stops there.
  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
  }

  /// Waits for `fun` to end, draining stdout meanwhile; `nil` if it is still running after the
  /// timeout (it is then killed).
  func waitForExit() -> Exit? {
    _ = waitForOutput(bytes: .max)
    guard exited.wait(timeout: .now() + Double(Self.timeout.components.seconds)) == .success else {
      kill()
      return nil
    }
    return Exit(status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal)
  }

  /// What `fun` printed on stderr.
  var errors: String {
    (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
  }

  deinit {
    if process.isRunning {
      kill()
    }
  }
}
