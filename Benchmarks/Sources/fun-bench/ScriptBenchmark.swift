import FunApp
import FunCore
import FunFrontend
import FunModel

/// Script mode's cost per command: the real app in process, as `fun --script` builds it, on
/// virtual time, running a mixed script through ``/FunApp/ScriptRunner`` with its output
/// discarded.
///
/// One sample is one script line from parse to printed frame: run the command, settle, draw
/// the frame's text when Observation reports a change. The script cycles through what flows
/// do: switching tabs, moving and opening rows, typing a query and letting the debounce run,
/// favoriting, toggling, following deep links, `expect`, `show` and `wait`.
@MainActor
enum ScriptBenchmark {
  /// One cycle of the mixed script; the run repeats it up to the line count.
  static let cycle = [
    "tab home", "key down", "key down", "open", "expect Category:", "back", "select 5", "fav", "tab search",
    "type swift", "wait 500ms", "expect results", "key backspace", "key backspace", "wait 500ms", "tab favorites",
    "show", "tab settings", "key down", "toggle carousel", "toggle carousel", "deeplink funapp://item/actors",
    "back", "deeplink funapp://search?q=macro", "wait 500ms", "tab profile", "expect Favorites", "fav swiftui",
    "tab home", "refresh", "wait 1s", "expect-not Loading",
  ]

  /// Runs `lineCount` lines (after the catalog has loaded) with the app's state in
  /// `stateDirectory`; the time each line took.
  static func run(lineCount: Int, stateDirectory: String) async throws -> LatencyDistribution {
    // A profile, so `fav` saves to disk as it does for a person.
    let (application, _) = try makeInProcessApp(
      stateDirectory: stateDirectory, session: .profile(try ProfileName(validating: "bench")), styleSupport: .none)
    let failures = Locked(0)
    let output = ScriptOutput(
      out: { blackHole($0) },
      error: { _ in failures.withLock { $0 += 1 } }
    )
    let runner = ScriptRunner(application: application, terminal: HeadlessTerminal(), output: output)
    let lines = ["wait 1s"] + (0..<lineCount).map { cycle[$0 % cycle.count] }

    let stopwatch = ContinuousClock()
    var durations: [Duration] = []
    durations.reserveCapacity(lines.count)
    var next = 0
    var lineStart = stopwatch.now
    _ = await runner.run {
      let now = stopwatch.now
      // The first call comes before any line: there is nothing to time yet. The load's line
      // (`wait 1s`) is not a sample either.
      if next > 1 {
        durations.append(lineStart.duration(to: now))
      }
      lineStart = now
      defer { next += 1 }
      return next < lines.count ? lines[next] : nil
    }
    let failed = failures.withLock { $0 }
    guard failed == 0 else { throw ScriptFailed(count: failed) }
    return LatencyDistribution(durations)
  }

  /// The mixed script is meant to run cleanly; a failure means it no longer measures what it
  /// says.
  struct ScriptFailed: Error, CustomStringConvertible {
    let count: Int
    var description: String { "\(count) lines of the mixed script failed" }
  }
}
