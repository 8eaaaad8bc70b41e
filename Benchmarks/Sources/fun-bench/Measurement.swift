import Foundation
import FunCore

/// One benchmark figure: the median time per operation over several rounds.
struct Measurement {
  let name: String
  let nanosecondsPerOperation: Double

  /// Runs `body` `rounds` times (after one warm-up round), each round `iterations` operations,
  /// and keeps the median round: medians resist the noise of a shared machine.
  static func run(
    _ name: String,
    iterations: Int,
    rounds: Int = 7,
    _ body: (Int) -> Void
  ) -> Measurement {
    let clock = ContinuousClock()
    body(iterations)
    var samples: [Double] = []
    for _ in 0..<rounds {
      let elapsed = clock.measure { body(iterations) }
      samples.append(elapsed.nanoseconds / Double(iterations))
    }
    samples.sort()
    return Measurement(name: name, nanosecondsPerOperation: samples[samples.count / 2])
  }
}

extension Duration {
  /// The duration in nanoseconds, as a floating-point number.
  var nanoseconds: Double {
    inSeconds * 1e9
  }
}

/// Keeps a value alive so the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Prints rows as an aligned text table.
func printTable(_ header: [String], _ rows: [[String]]) {
  let widths = header.indices.map { column in
    ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
  }
  func line(_ cells: [String]) -> String {
    zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
      .joined(separator: "  ")
  }
  print(line(header))
  print(line(widths.map { String(repeating: "-", count: $0) }))
  for row in rows {
    print(line(row))
  }
}

/// The exponent `k` of the power law `time = c · items^k` that fits `points` best (least squares
/// in log-log space): 1 for linear growth, 2 for quadratic; `nil` with fewer than two points.
func powerLawExponent(_ points: [(items: Int, nanoseconds: Double)]) -> Double? {
  guard points.count >= 2 else { return nil }
  let logs = points.map { (log(Double($0.items)), log($0.nanoseconds)) }
  let meanX = logs.map(\.0).reduce(0, +) / Double(logs.count)
  let meanY = logs.map(\.1).reduce(0, +) / Double(logs.count)
  let covariance = logs.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
  let variance = logs.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
  return covariance / variance
}
