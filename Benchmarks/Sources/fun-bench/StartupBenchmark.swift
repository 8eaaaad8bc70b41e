import FunApp
import Synchronization

/// How long `fun` takes to start.
///
/// - ``processStart(fun:baseline:runs:script:stateDirectory:)``: the whole process — spawn,
///   dynamic loading, start-up, one `quit` command, exit — of `fun --script` against a
///   hello-world binary, in alternating runs so both see the same machine load.
/// - ``firstFrame(runs:script:stateDirectory:)``: inside an already running process, from
///   calling ``/FunApp/FunMain/run(arguments:environment:output:)`` to the first frame printed:
///   the app's own start-up (options, composition root, coordinators, first render) without
///   the loader's share.
enum StartupBenchmark {
  /// Process wall and processor times of both programs.
  struct ProcessResult {
    let fun: LatencyDistribution
    let baseline: LatencyDistribution
    let funProcessorTime: LatencyDistribution
    let baselineProcessorTime: LatencyDistribution

    /// Median `fun` time over median baseline time.
    var ratio: Double { fun.median / baseline.median }

    /// Median `fun` processor time over median baseline processor time: less sensitive to a
    /// busy machine than wall time, which also counts waiting for a processor.
    var processorTimeRatio: Double { funProcessorTime.median / baselineProcessorTime.median }
  }

  /// A run that did not exit with status 0.
  struct RunError: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `fun --script script --state-dir stateDirectory` and `baseline` `runs` times each
  /// (after one unmeasured run of each, which fills the file cache).
  static func processStart(
    fun: String,
    baseline: String,
    runs: Int,
    script: String,
    stateDirectory: String
  ) throws -> ProcessResult {
    let funProcess = ChildProcess(
      executable: fun, arguments: ["--script", script, "--state-dir", stateDirectory, "--profile", "bench"])
    let baselineProcess = ChildProcess(executable: baseline, arguments: [])
    var funTimes: [Duration] = []
    var baselineTimes: [Duration] = []
    var funProcessorTimes: [Duration] = []
    var baselineProcessorTimes: [Duration] = []
    for run in 0...runs {
      let funRun = try funProcess.run()
      let baselineRun = try baselineProcess.run()
      guard funRun.status == 0 else { throw RunError(description: "fun --script exited with \(funRun.status)") }
      guard baselineRun.status == 0 else {
        throw RunError(description: "\(baseline) exited with \(baselineRun.status)")
      }
      if run > 0 {
        funTimes.append(funRun.wallTime)
        baselineTimes.append(baselineRun.wallTime)
        funProcessorTimes.append(funRun.processorTime)
        baselineProcessorTimes.append(baselineRun.processorTime)
      }
    }
    return ProcessResult(
      fun: LatencyDistribution(funTimes),
      baseline: LatencyDistribution(baselineTimes),
      funProcessorTime: LatencyDistribution(funProcessorTimes),
      baselineProcessorTime: LatencyDistribution(baselineProcessorTimes)
    )
  }

  /// Runs script mode in this process `runs` times (after one unmeasured run) and times each
  /// from the call to the first frame on its output.
  @MainActor
  static func firstFrame(runs: Int, script: String, stateDirectory: String) async throws -> LatencyDistribution {
    let clock = ContinuousClock()
    var times: [Duration] = []
    for run in 0...runs {
      let recorder = FirstFrameRecorder()
      let output = ScriptOutput(out: { _ in recorder.linePrinted() }, error: { _ in })
      let start = clock.now
      let status = await FunMain.run(
        arguments: ["--script", script, "--state-dir", stateDirectory, "--profile", "bench"],
        environment: [:],
        output: output
      )
      guard status == 0, let end = recorder.firstFrame else {
        throw RunError(description: "script mode in-process exited with \(status) before printing a frame")
      }
      if run > 0 {
        times.append(start.duration(to: end))
      }
    }
    return LatencyDistribution(times)
  }
}

/// Notes when script mode prints its first frame: the second line, after `--- 1: <command>`.
private final class FirstFrameRecorder: Sendable {
  private let state = Mutex<(lines: Int, firstFrame: ContinuousClock.Instant?)>((0, nil))

  /// When the first frame was printed, if it was.
  var firstFrame: ContinuousClock.Instant? {
    state.withLock { $0.firstFrame }
  }

  /// Counts a printed line.
  func linePrinted() {
    let now = ContinuousClock.now
    state.withLock { state in
      state.lines += 1
      if state.lines == 2 { state.firstFrame = now }
    }
  }
}
