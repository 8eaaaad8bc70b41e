/// Yields until `condition` holds or `attempts` yields have passed; returns whether it held.
///
/// Tests use it instead of sleeping: work on other tasks gets to run, and nothing depends on
/// how fast the wall clock is.
func yield(until condition: () -> Bool, attempts: Int = 100_000) async -> Bool {
  for _ in 0..<attempts {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
