import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The resident size of `fun --script` loading an http catalog again and again: the load at
/// start-up and ``refreshes`` refreshes, each followed by a second of real time.
///
/// Against ``EndlessHTTPServer``'s `/endless` every load fails at the 64 MiB limit; against a
/// path it answers with 404, every load fails at once, having downloaded nothing, which makes
/// the baseline. The child's resident size (`VmRSS`) is read from `/proc` every millisecond,
/// and its log tells when each load has failed: half a second later, in the quiet second
/// before the next refresh, the resident size is what the failed load left behind.
enum EndlessBodyBenchmark {
  /// How many times the script refreshes after the load at start-up.
  static let refreshes = 10

  /// What one run measured.
  struct Result {
    /// The child's peak resident size, in bytes.
    let peakResidentBytes: Int
    /// The resident size half a second after each failed load, in bytes, in order.
    let residentAfterFailedLoads: [Int]
  }

  /// The run did not go as the script says.
  struct RunError: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `fun` against `url`, with its state, script and output in `workDirectory`.
  static func run(fun: String, url: String, workDirectory: String) throws -> Result {
    let work = URL(fileURLWithPath: workDirectory)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let script = work.appendingPathComponent("refresh.fun")
    let lines = ["wait 1s"] + Array(repeating: ["refresh", "wait 1s"], count: refreshes).flatMap { $0 } + ["quit"]
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: script)
    let state = work.appendingPathComponent("state").path
    let watcher = Watcher(logPath: state + "/fun.log")
    var child = ChildProcess(
      executable: fun,
      arguments: [
        "--script", script.path, "--state-dir", state, "--profile", "bench", "--real-time", "--frames", "none",
        "--settle-timeout", "120", "--catalog", url,
      ],
      logPath: work.appendingPathComponent("output.log").path,
      measuresMemory: true
    )
    child.whileRunning = watcher.sample
    let outcome = try child.run()
    guard outcome.status == 0, let peak = outcome.peakResidentBytes else {
      throw RunError(description: "fun exited with status \(outcome.status); see \(workDirectory)")
    }
    let loads = refreshes + 1
    guard watcher.failures == loads, watcher.residentAfterFailures.count == loads else {
      throw RunError(
        description: "expected \(loads) failed loads, saw \(watcher.failures) (\(watcher.residentAfterFailures.count) "
          + "measured); see \(state)/fun.log"
      )
    }
    return Result(peakResidentBytes: peak, residentAfterFailedLoads: watcher.residentAfterFailures)
  }

  /// Follows the child while it runs: its log, for each failed load, and its resident size.
  private final class Watcher {
    /// How long after a failed load its resident size is read: within the second of real time
    /// the script waits before the next refresh.
    private static let settling: Duration = .milliseconds(500)

    private let logPath: String
    private var logSize = -1
    /// When each failed load was seen in the log.
    private var failureTimes: [ContinuousClock.Instant] = []
    private(set) var residentAfterFailures: [Int] = []

    init(logPath: String) {
      self.logPath = logPath
    }

    var failures: Int {
      failureTimes.count
    }

    func sample(_ pid: pid_t) {
      var info = stat()
      if stat(logPath, &info) == 0, Int(info.st_size) != logSize {
        logSize = Int(info.st_size)
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let failed = log.split(separator: "\n").count { line in
          line.contains("] Loading the catalog from") && line.contains(" failed: ")
        }
        while failureTimes.count < failed {
          failureTimes.append(.now)
        }
      }
      let due = residentAfterFailures.count
      guard due < failureTimes.count, failureTimes[due].duration(to: .now) >= Self.settling,
        let kilobytes = ChildProcess.statusKilobytes("VmRSS", of: pid)
      else { return }
      residentAfterFailures.append(kilobytes * 1024)
    }
  }
}
