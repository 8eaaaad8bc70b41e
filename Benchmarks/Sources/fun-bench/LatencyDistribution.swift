/// Individually timed samples of one operation, for its median and its tail.
///
/// Percentiles use the nearest-rank method on the sorted samples, so every figure is a time
/// that some sample actually took.
struct LatencyDistribution {
  /// The samples in nanoseconds, ascending.
  private let sorted: [Double]

  /// Collects `samples`; there must be at least one.
  init(_ samples: [Duration]) {
    precondition(!samples.isEmpty, "a latency distribution needs samples")
    sorted = samples.map(\.nanoseconds).sorted()
  }

  /// The number of samples.
  var count: Int { sorted.count }

  /// The median, in nanoseconds.
  var median: Double { percentile(50) }

  /// The 99th percentile, in nanoseconds.
  var p99: Double { percentile(99) }

  /// The smallest sample that at least `percent` % of the samples do not exceed, in nanoseconds.
  func percentile(_ percent: Double) -> Double {
    let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
