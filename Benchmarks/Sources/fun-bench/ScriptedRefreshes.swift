import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `fun --script --real-time` on a catalog, loading it at start-up and refreshing it again and
/// again, each load followed by some seconds of real time; the resident size of the child
/// (`VmRSS`, from `/proc`) is read half a second after each load ends, in the quiet before the
/// next refresh. The child's log tells when a load has ended.
struct ScriptedRefreshes {
  /// The run did not go as the script says.
  struct RunError: Error, CustomStringConvertible {
    let description: String
  }

  /// What one run measured.
  struct Result {
    /// The child's peak resident size, in bytes.
    let peakResidentBytes: Int?
    /// The resident size half a second after each load ended, in bytes, in order.
    let residentAfterLoads: [Int]
  }

  /// The `--catalog` argument.
  let catalog: String
  /// How many times the script refreshes after the load at start-up.
  let refreshes: Int
  /// The seconds of real time the script waits after each load begins.
  let pauseSeconds: Int
  /// The log line that says a load has ended (loaded, or failed), and how a report names it.
  let loadEnd: (description: String, matches: (Substring) -> Bool)

  /// Runs `fun` with its state, script and output in `workDirectory`.
  func run(fun: String, workDirectory: String) throws -> Result {
    let work = URL(fileURLWithPath: workDirectory)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let script = work.appendingPathComponent("refresh.fun")
    // Settling does not wait for a file load's simulated latency (a sleep on the clock), so the
    // load runs during the wait: room for it, and for the sample half a second after it.
    let wait = "wait \(pauseSeconds)s"
    let lines = [wait] + Array(repeating: ["refresh", wait], count: refreshes).flatMap { $0 } + ["quit"]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: script)
    let state = work.appendingPathComponent("state").path
    let watcher = Watcher(logPath: state + "/fun.log", loadEnd: loadEnd.matches)
    var child = ChildProcess(
      executable: fun,
      arguments: [
        "--script", script.path, "--state-dir", state, "--profile", "bench", "--real-time", "--frames", "none",
        "--settle-timeout", "120", "--catalog", catalog,
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
        description: "expected \(loads) \(loadEnd.description), saw \(watcher.loads) "
          + "(\(watcher.residentAfterLoads.count) measured); see \(state)/fun.log"
      )
    }
    return Result(peakResidentBytes: outcome.peakResidentBytes, residentAfterLoads: watcher.residentAfterLoads)
  }

  /// Follows the child while it runs: its log, for each load that ends, and its resident size.
  private final class Watcher {
    /// How long after a load its resident size is read: within the seconds of real time the
    /// script waits before the next refresh.
    private static let settling: Duration = .milliseconds(500)

    private let logPath: String
    private let loadEnd: (Substring) -> Bool
    private var logSize = -1
    /// When each load's end was seen in the log.
    private var loadTimes: [ContinuousClock.Instant] = []
    private(set) var residentAfterLoads: [Int] = []

    init(logPath: String, loadEnd: @escaping (Substring) -> Bool) {
      self.logPath = logPath
      self.loadEnd = loadEnd
    }

    var loads: Int {
      loadTimes.count
    }

    func sample(_ pid: pid_t) {
      var info = stat()
      if stat(logPath, &info) == 0, Int(info.st_size) != logSize {
        logSize = Int(info.st_size)
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let ended = log.split(separator: "\n").count(where: loadEnd)
        while loadTimes.count < ended {
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
