import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The resident size of `fun --script --real-time` loading a large catalog file and refreshing
/// it again and again, each refresh followed by three seconds of real time.
///
/// Each refresh decodes the whole catalog anew and replaces the one shown, so what a refresh
/// leaves resident beyond the first load is what the app keeps of the catalogs it replaced.
/// The child's log tells when each load has finished; half a second later, in the quiet
/// second before the next refresh, its resident size (`VmRSS`, from `/proc`) is read.
enum RefreshBenchmark {
  /// The run did not go as the script says.
  struct RunError: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `fun` on the catalog at `catalogPath`, of `itemCount` items, refreshing it
  /// `refreshes` times, with its state, script and output in `workDirectory`; returns the
  /// resident size after the first load and after each refresh, in bytes, in order.
  static func run(
    fun: String, catalogPath: String, itemCount: Int, refreshes: Int, workDirectory: String
  ) throws -> [Int] {
    let work = URL(fileURLWithPath: workDirectory)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let script = work.appendingPathComponent("refresh.fun")
    // Settling does not wait for a file load's simulated latency (a sleep on the clock), so the
    // load runs during the wait: room for it, and for the sample half a second after it.
    let lines = ["wait 3s"] + Array(repeating: ["refresh", "wait 3s"], count: refreshes).flatMap { $0 } + ["quit"]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: script)
    let state = work.appendingPathComponent("state").path
    let watcher = Watcher(logPath: state + "/fun.log", loaded: "] Loaded \(itemCount) items from ")
    var child = ChildProcess(
      executable: fun,
      arguments: [
        "--script", script.path, "--state-dir", state, "--profile", "bench", "--real-time", "--frames", "none",
        "--settle-timeout", "120", "--catalog", catalogPath,
      ],
      logPath: work.appendingPathComponent("output.log").path,
      measuresMemory: true
    )
    child.whileRunning = watcher.sample
    let outcome = try child.run()
    guard outcome.status == 0 else {
      throw RunError(description: "fun exited with status \(outcome.status); see \(workDirectory)")
    }
    let loads = refreshes + 1
    guard watcher.loads == loads, watcher.residentAfterLoads.count == loads else {
      throw RunError(
        description: "expected \(loads) loads of \(itemCount) items, saw \(watcher.loads) "
          + "(\(watcher.residentAfterLoads.count) measured); see \(state)/fun.log"
      )
    }
    return watcher.residentAfterLoads
  }

  /// Follows the child while it runs: its log, for each finished load, and its resident size.
  private final class Watcher {
    /// How long after a load its resident size is read: within the seconds of real time the
    /// script waits before the next refresh.
    private static let settling: Duration = .milliseconds(500)

    private let logPath: String
    /// What the log says when a load has finished.
    private let loaded: String
    private var logSize = -1
    /// When each finished load was seen in the log.
    private var loadTimes: [ContinuousClock.Instant] = []
    private(set) var residentAfterLoads: [Int] = []

    init(logPath: String, loaded: String) {
      self.logPath = logPath
      self.loaded = loaded
    }

    var loads: Int {
      loadTimes.count
    }

    func sample(_ pid: pid_t) {
      var info = stat()
      if stat(logPath, &info) == 0, Int(info.st_size) != logSize {
        logSize = Int(info.st_size)
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let finished = log.split(separator: "\n").count { $0.contains(loaded) }
        while loadTimes.count < finished {
          loadTimes.append(.now)
        }
      }
      let due = residentAfterLoads.count
      guard due < loadTimes.count, loadTimes[due].duration(to: .now) >= Self.settling,
        let kilobytes = ChildProcess.statusKilobytes("VmRSS", of: pid)
      else { return }
      residentAfterLoads.append(kilobytes * 1024)
    }
  }
}
