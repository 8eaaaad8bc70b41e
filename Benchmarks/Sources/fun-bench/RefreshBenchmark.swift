/// The resident size of `fun --script --real-time` loading a large catalog file and refreshing
/// it again and again, each refresh followed by three seconds of real time.
///
/// Each refresh decodes the whole catalog anew and replaces the one shown, so what a refresh
/// leaves resident beyond the first load is what the app keeps of the catalogs it replaced.
/// The child's log tells when each load has finished; half a second later, in the quiet
/// second before the next refresh, its resident size (`VmRSS`, from `/proc`) is read.
enum RefreshBenchmark {
  /// Runs `fun` on the catalog at `catalogPath`, of `itemCount` items, refreshing it
  /// `refreshes` times, with its state, script and output in `workDirectory`; returns the
  /// resident size after the first load and after each refresh, in bytes, in order.
  static func run(
    fun: String, catalogPath: String, itemCount: Int, refreshes: Int, workDirectory: String
  ) throws -> [Int] {
    let run = ScriptedRefreshes(
      catalog: catalogPath, refreshes: refreshes, pauseSeconds: 3,
      loadEnd: ("loads of \(itemCount) items", { $0.contains("] Loaded \(itemCount) items from ") }))
    return try run.run(fun: fun, workDirectory: workDirectory).residentAfterLoads
  }
}
