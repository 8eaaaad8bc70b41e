import Foundation
import FunApp
import FunModel
import Synchronization

/// How long the app takes to load a large `--catalog` file, against a bare `JSONDecoder` decode
/// of the same file in the same run, and how much memory the load holds.
///
/// - The app: ``/FunApp/FunMain/run(arguments:environment:output:)`` in this process, as
///   `fun --script` runs it on virtual time, with `--catalog FILE` and a script whose first
///   command is `wait 1s`; the time runs from the log record written as the load starts
///   (`Loading the catalog from FILE`, just before the file is opened) to the first printed line
///   that says `All items (N)`: the read, the decode, every rule the app checks, the indexes, the
///   first frame that lists the items. The start-up before it (composition, signing in) is
///   reported beside it, from the call to the listed line.
/// - The baseline: `JSONDecoder().decode(_:from: Data(contentsOf:))` into plain `Decodable`
///   structs with the same fields, which is the code written first and checks nothing.
///
/// Runs alternate between the two, so both see the same machine; each time is a median, and the
/// ratio is the median of each app run's time over the decode right after it, so a stretch in
/// which the shared machine is slow slows both sides of the ratios it falls in.
///
/// Memory is measured in child processes, so each figure is one process's own: `fun --script`
/// in real time (load, open Search, expect every item, then 2 s idle) gives its peak resident
/// size and its resident size once loaded (the median over its last second); this executable
/// started with ``bareDecodeArgument`` gives the bare decoder's peak.
enum LoadBenchmark {
  /// The hidden argument that makes fun-bench decode a file with a bare `JSONDecoder` and exit:
  /// the baseline of the memory figures, in a process of its own.
  static let bareDecodeArgument = "--bare-decode"

  /// The figures for one catalog size.
  struct Result {
    let itemCount: Int
    let fileBytes: Int
    /// The start of the load (its log record) to the first line that lists the items.
    let app: LatencyDistribution
    /// `FunMain.run` to the first line that lists the items: the load with start-up before it.
    let appWithStartUp: LatencyDistribution
    /// `JSONDecoder().decode` of the file into plain structs, file read included.
    let bareDecoder: LatencyDistribution

    /// The median of each app run's time over the bare decode that followed it.
    let ratio: Double
  }

  /// The memory figures of one catalog.
  struct MemoryResult {
    let fileBytes: Int
    let appPeak: Int
    let appResidentOnceLoaded: Int
    let bareDecoderPeak: Int
  }

  /// A run that did not show what it should.
  struct RunError: Error, CustomStringConvertible {
    let description: String
  }

  /// The catalog fields, decoded the way the first code written would decode them.
  private struct PlainCatalog: Decodable {
    struct Item: Decodable {
      let id: String
      let title: String
      let subtitle: String
      let category: String
      let description: String
      let featured: Bool?
    }

    let items: [Item]
  }

  /// Decodes `path` with a bare `JSONDecoder`, returning the number of items.
  static func bareDecode(path: String) throws -> Int {
    try JSONDecoder().decode(PlainCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: path))).items.count
  }

  /// Measures `runs` loads of each side (after one unmeasured run of each) of the catalog of
  /// `itemCount` items at `catalogPath`, with the app's state in `stateDirectory`.
  @MainActor
  static func run(
    itemCount: Int, catalogPath: String, fileBytes: Int, runs: Int, stateDirectory: String
  ) async throws -> Result {
    let script = stateDirectory + "/load.fun"
    try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
    try Data("wait 1s\nquit\n".utf8).write(to: URL(fileURLWithPath: script))
    let listed = Localizer.base(L10n.Home.allItems(itemCount))
    let clock = ContinuousClock()
    var appTimes: [Duration] = []
    var appWithStartUpTimes: [Duration] = []
    var decoderTimes: [Duration] = []
    var ratios: [Double] = []
    for run in 0...runs {
      let recorder = ListedLineRecorder(marker: listed)
      let output = ScriptOutput(out: { recorder.linePrinted($0) }, error: { _ in })
      let start = clock.now
      let status = await FunMain.run(
        arguments: [
          "--script", script, "--state-dir", stateDirectory, "--profile", "bench", "--settle-timeout", "300",
          "--catalog", catalogPath,
        ],
        environment: [:],
        output: output
      )
      guard status == 0, let end = recorder.listedAt, let listedDate = recorder.listedDate else {
        throw RunError(description: "the app did not list \"\(listed)\" (status \(status))")
      }
      let loadStarted = try loadStart(of: catalogPath, loggedIn: stateDirectory + "/fun.log")
      let decodeStart = clock.now
      let decoded = try bareDecode(path: catalogPath)
      let decodeEnd = clock.now
      guard decoded == itemCount else {
        throw RunError(description: "the bare decoder found \(decoded) items, not \(itemCount)")
      }
      if run > 0 {
        appWithStartUpTimes.append(start.duration(to: end))
        let appTime = Duration.seconds(listedDate.timeIntervalSince(loadStarted))
        let decoderTime = decodeStart.duration(to: decodeEnd)
        appTimes.append(appTime)
        decoderTimes.append(decoderTime)
        ratios.append(appTime / decoderTime)
      }
    }
    return Result(
      itemCount: itemCount, fileBytes: fileBytes, app: LatencyDistribution(appTimes),
      appWithStartUp: LatencyDistribution(appWithStartUpTimes), bareDecoder: LatencyDistribution(decoderTimes),
      ratio: ratios.sorted()[ratios.count / 2])
  }

  /// When the last load of `catalogPath` recorded in the log at `logPath` started: the time of
  /// its `Loading the catalog from` record (milliseconds, the log's precision).
  private static func loadStart(of catalogPath: String, loggedIn logPath: String) throws -> Date {
    let log = try String(contentsOfFile: logPath, encoding: .utf8)
    let marker = "Loading the catalog from \(catalogPath)"
    guard let record = log.split(separator: "\n").last(where: { $0.hasSuffix(marker) }),
      let stamp = record.split(separator: " ").first,
      let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(String(stamp))
    else {
      throw RunError(description: "\(logPath) has no \"\(marker)\" record")
    }
    return date
  }

  /// Peak and settled resident sizes of `fun` loading the catalog at `catalogPath`, and the peak
  /// of a bare decode of it by `benchBinary`.
  static func memory(
    fun: String, benchBinary: String, catalogPath: String, itemCount: Int, fileBytes: Int, workDirectory: String
  ) throws -> MemoryResult {
    let work = URL(fileURLWithPath: workDirectory)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let script = work.appendingPathComponent("load-memory.fun")
    let expected = Localizer.base(L10n.Search.results(itemCount))
    try Data("wait 1s\ntab search\nexpect \(expected)\nwait 2s\nquit\n".utf8).write(to: script)
    let log = work.appendingPathComponent("load-memory.log").path
    let samples = ResidentSamples()
    var child = ChildProcess(
      executable: fun,
      arguments: [
        "--script", script.path, "--state-dir", workDirectory, "--profile", "bench", "--real-time", "--frames",
        "none", "--settle-timeout", "300", "--catalog", catalogPath,
      ],
      logPath: log,
      measuresMemory: true
    )
    child.whileRunning = samples.sample
    let outcome = try child.run()
    guard outcome.status == 0, let peak = outcome.peakResidentBytes, let settled = samples.lastSecondMedian else {
      throw RunError(description: "fun did not show \"\(expected)\" (status \(outcome.status)); see \(log)")
    }
    let bare = ChildProcess(
      executable: benchBinary, arguments: [bareDecodeArgument, catalogPath], measuresMemory: true)
    let bareOutcome = try bare.run()
    guard bareOutcome.status == 0, let barePeak = bareOutcome.peakResidentBytes else {
      throw RunError(description: "the bare decode exited with \(bareOutcome.status)")
    }
    return MemoryResult(
      fileBytes: fileBytes, appPeak: peak, appResidentOnceLoaded: settled, bareDecoderPeak: barePeak)
  }

  /// The exponent `k` of the power law `time = c · items^k` that fits the app's load times best
  /// (least squares in log-log space): 1 for linear growth.
  static func growthExponent(_ results: [Result], of side: KeyPath<Result, LatencyDistribution> = \.app) -> Double? {
    powerLawExponent(results.map { ($0.itemCount, $0[keyPath: side].median) })
  }

}

/// Notes when script mode first prints a line holding `marker`.
private final class ListedLineRecorder: Sendable {
  private let marker: String
  private let listed = Mutex<(instant: ContinuousClock.Instant, date: Date)?>(nil)

  init(marker: String) {
    self.marker = marker
  }

  /// When the marker was first printed, if it was.
  var listedAt: ContinuousClock.Instant? {
    listed.withLock { $0?.instant }
  }

  /// The same moment on the wall clock, to compare with the log's timestamps.
  var listedDate: Date? {
    listed.withLock { $0?.date }
  }

  func linePrinted(_ line: String) {
    let now = (instant: ContinuousClock.now, date: Date())
    guard line.contains(marker) else { return }
    listed.withLock { listed in
      if listed == nil { listed = now }
    }
  }
}

/// The resident sizes of a child, sampled while it runs; the last second's median is what it
/// holds once its work is done and it waits to quit.
private final class ResidentSamples {
  private var samples: [(ContinuousClock.Instant, Int)] = []

  func sample(_ pid: pid_t) {
    guard let kilobytes = ChildProcess.statusKilobytes("VmRSS", of: pid) else { return }
    samples.append((.now, kilobytes * 1024))
  }

  /// The median of the samples of the last second before the child ended.
  var lastSecondMedian: Int? {
    guard let last = samples.last?.0 else { return nil }
    let recent = samples.filter { $0.0.duration(to: last) <= .seconds(1) }.map(\.1).sorted()
    return recent.isEmpty ? nil : recent[recent.count / 2]
  }
}
