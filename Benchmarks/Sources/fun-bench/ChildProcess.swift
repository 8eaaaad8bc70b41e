import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program as a child process and reports how long it ran and, when asked, its peak
/// resident size.
///
/// It spawns with `posix_spawnp` and reaps with `wait4`. Standard input comes from /dev/null;
/// standard output and error go to /dev/null or to `logPath`. The wall time spans spawn to
/// reaping, so it includes the dynamic loader and process exit.
///
/// Peak memory: on Linux the `ru_maxrss` that `wait4` reports is useless here, because the
/// kernel folds the high-water mark of the address space the child was spawned from (this
/// process's, often hundreds of megabytes) into it at `exec`. So on Linux the child's own
/// `VmHWM` is read from `/proc/<pid>/status` every millisecond until it exits; the peak happens
/// while it loads, long before it exits, so the last reading is the peak. Elsewhere
/// `ru_maxrss` is the child's own.
///
/// Blocks the calling thread until the child ends.
struct ChildProcess {
  /// How one run ended.
  struct Outcome {
    /// The exit status, or 128 + the signal number when a signal killed it.
    let status: Int32
    /// Spawn to exit, on the wall clock.
    let wallTime: Duration
    /// The processor time the child used, user and system, on all its threads.
    let processorTime: Duration
    /// The child's peak resident set size in bytes, when it was sampled.
    let peakResidentBytes: Int?
  }

  /// A spawn that failed before the child ran.
  struct SpawnError: Error, CustomStringConvertible {
    let description: String
  }

  /// The program: a path, or a name looked up in `PATH`.
  let executable: String
  /// The arguments after the program name.
  let arguments: [String]
  /// Where the child's output goes: a file (appended), or /dev/null when `nil`.
  var logPath: String?
  /// Whether to measure the peak resident size (on Linux by polling, which makes the wall
  /// time less exact).
  var measuresMemory = false
  /// Called with the child's process id about every millisecond while it runs, to watch it
  /// from outside (it makes the wall time less exact, as polling does).
  var whileRunning: ((pid_t) -> Void)?

  /// Runs the child to completion.
  func run() throws(SpawnError) -> Outcome {
    var actions = Self.makeFileActions()
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    let outputPath = logPath ?? "/dev/null"
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
    defer {
      for pointer in argv + environment { free(pointer) }
    }
    let clock = ContinuousClock()
    let start = clock.now
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environment)
    guard spawned == 0 else {
      throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    var sampledPeak = 0
    #if os(Linux)
      let polls = measuresMemory || whileRunning != nil
    #else
      let polls = whileRunning != nil
    #endif
    while true {
      let reaped = wait4(pid, &status, polls ? WNOHANG : 0, &usage)
      if reaped == pid { break }
      if reaped < 0 {
        guard errno == EINTR else {
          throw SpawnError(description: "waiting for \(executable) failed: \(String(cString: strerror(errno)))")
        }
        continue
      }
      // Still running (WNOHANG): sample, then look again in a millisecond.
      if measuresMemory {
        sampledPeak = max(sampledPeak, Self.statusKilobytes("VmHWM", of: pid).map { $0 * 1024 } ?? 0)
      }
      whileRunning?(pid)
      usleep(1000)
    }
    let elapsed = start.duration(to: clock.now)
    var peak: Int?
    if measuresMemory {
      #if os(Linux)
        peak = sampledPeak
      #elseif canImport(Darwin)
        peak = Int(usage.ru_maxrss)  // bytes on Darwin
      #endif
    }
    let processorTime = Self.duration(usage.ru_utime) + Self.duration(usage.ru_stime)
    return Outcome(
      status: Self.exitStatus(status),
      wallTime: elapsed,
      processorTime: processorTime,
      peakResidentBytes: peak
    )
  }

  #if canImport(Darwin)
    private static func makeFileActions() -> posix_spawn_file_actions_t? {
      var actions: posix_spawn_file_actions_t?
      posix_spawn_file_actions_init(&actions)
      return actions
    }
  #else
    private static func makeFileActions() -> posix_spawn_file_actions_t {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      return actions
    }
  #endif

  /// A field of `/proc/<pid>/status` measured in kilobytes (`VmHWM`, the peak resident size;
  /// `VmRSS`, the resident size now); `nil` where there is no `/proc` or once the process has
  /// exited.
  static func statusKilobytes(_ field: String, of pid: pid_t) -> Int? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return nil }
    let status = String(decoding: data, as: UTF8.self)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
      let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes
  }

  private static func duration(_ time: timeval) -> Duration {
    .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
  }

  /// Decodes a `wait` status (the W* macros are not imported into Swift).
  private static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
