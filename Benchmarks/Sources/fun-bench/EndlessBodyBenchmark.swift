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

  /// Runs `fun` against `url`, with its state, script and output in `workDirectory`.
  static func run(fun: String, url: String, workDirectory: String) throws -> Result {
    let run = ScriptedRefreshes(
      catalog: url, refreshes: refreshes, pauseSeconds: 1,
      loadEnd: ("failed loads", { $0.contains("] Loading the catalog from") && $0.contains(" failed: ") }))
    let measured = try run.run(fun: fun, workDirectory: workDirectory)
    guard let peak = measured.peakResidentBytes else {
      throw ScriptedRefreshes.RunError(description: "no peak resident size was measured; see \(workDirectory)")
    }
    return Result(peakResidentBytes: peak, residentAfterFailedLoads: measured.residentAfterLoads)
  }
}
