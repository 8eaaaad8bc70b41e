import Foundation

/// Every figure of one fun-bench run, with its target: printed as a table, saved as JSON, and
/// checked by `--check`.
///
/// Targets are of three kinds. Ratio targets compare two things measured in the same run on the
/// same machine (the app against a baseline), so they hold anywhere and `--check` enforces
/// them, allowing ``checkTolerance`` for the noise of shared CI machines. Bounds are absolute
/// limits that hold on any machine because the figure measures what the app keeps, not how
/// fast it runs (the resident size against a server that never ends its body); `--check`
/// enforces them exactly. Other absolute targets (milliseconds, megabytes) depend on the
/// machine; they are reported, never enforced.
struct BenchmarkReport: Encodable {
  /// How far past its limit a ratio may go before `--check` fails: 50 %.
  static let checkTolerance = 1.5

  /// What a figure is measured in; it decides how the value prints.
  enum Unit: String, Encodable {
    case nanoseconds = "ns"
    case milliseconds = "ms"
    case bytes = "B"
    case megabytes = "MB"
    case ratio = "x"
    case number = ""
    case percent = "%"
  }

  /// The bound a figure should stay under.
  struct Target: Encodable {
    /// The largest acceptable value, in the figure's unit (a fraction for percentages).
    let limit: Double
    /// Whether this is a ratio target, which `--check` enforces with ``checkTolerance``.
    let isRatio: Bool
    /// Whether this is a bound, which `--check` enforces exactly.
    let isBound: Bool
  }

  /// One measured value.
  struct Figure: Encodable {
    /// The group it belongs to (`search`, `start-up`, …).
    let section: String
    /// What was measured.
    let name: String
    /// The measured value, in ``unit``; fractions for percentages.
    let value: Double
    /// What ``value`` is measured in.
    let unit: Unit
    /// The bound, if this figure has one.
    let target: Target?

    /// Whether the value is within its target (true when there is none).
    var meetsTarget: Bool {
      target.map { value <= $0.limit } ?? true
    }

    /// Whether `--check` fails on this figure: a ratio more than 50 % past its limit, or a
    /// bound passed at all.
    var failsCheck: Bool {
      guard let target else { return false }
      if target.isBound { return value > target.limit }
      return target.isRatio && value > target.limit * BenchmarkReport.checkTolerance
    }

    private enum CodingKeys: String, CodingKey {
      case section, name, value, unit, target, meetsTarget
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(section, forKey: .section)
      try container.encode(name, forKey: .name)
      try container.encode(value, forKey: .value)
      try container.encode(unit, forKey: .unit)
      try container.encodeIfPresent(target, forKey: .target)
      try container.encode(meetsTarget, forKey: .meetsTarget)
    }
  }

  /// `quick` or `full`.
  let mode: String
  /// When the run started, ISO 8601.
  let date: String
  /// The processors the machine reports.
  let processorCount = ProcessInfo.processInfo.activeProcessorCount
  /// The figures, in the order they were measured.
  private(set) var figures: [Figure] = []
  /// Remarks: what a figure compares against, and what was skipped and why.
  private(set) var notes: [String] = []
  /// Benchmarks that could not run; `--check` fails when there is any.
  private(set) var failures: [String] = []

  /// Starts an empty report.
  init(mode: String, date: Date = Date()) {
    self.mode = mode
    self.date = date.ISO8601Format()
  }

  /// Adds a figure.
  mutating func add(
    _ section: String,
    _ name: String,
    _ value: Double,
    _ unit: Unit,
    limit: Double? = nil,
    isRatio: Bool = false,
    isBound: Bool = false
  ) {
    let target = limit.map { Target(limit: $0, isRatio: isRatio, isBound: isBound) }
    figures.append(Figure(section: section, name: name, value: value, unit: unit, target: target))
  }

  /// Adds a remark printed under the table.
  mutating func note(_ text: String) {
    notes.append(text)
  }

  /// Records a benchmark that could not run.
  mutating func fail(_ text: String) {
    failures.append(text)
  }

  /// Ratio figures more than 50 % past their limits, and bounds passed.
  var failedChecks: [Figure] {
    figures.filter(\.failsCheck)
  }

  /// Prints the table, the notes and the failures.
  func printSummary() {
    let rows = figures.map { figure -> [String] in
      let target = figure.target.map { "<= " + Self.format($0.limit, figure.unit) } ?? ""
      let status: String
      if figure.target == nil {
        status = ""
      } else if figure.meetsTarget {
        status = "ok"
      } else {
        status = !figure.failsCheck ? "missed" : figure.target?.isBound == true ? "MISSED (bound)" : "MISSED (>50%)"
      }
      return [figure.section, figure.name, Self.format(figure.value, figure.unit), target, status]
    }
    printTable(["section", "benchmark", "value", "target", "status"], rows)
    if !notes.isEmpty {
      print("")
      for note in notes {
        print("- \(note)")
      }
    }
    for failure in failures {
      print("error: \(failure)")
    }
  }

  /// Writes the report as pretty-printed JSON to `path`, creating its folder.
  func writeJSON(to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try encoder.encode(self).write(to: url, options: .atomic)
  }

  private enum CodingKeys: String, CodingKey {
    case mode, date, processorCount, figures, notes, failures
  }

  private static func format(_ value: Double, _ unit: Unit) -> String {
    switch unit {
    case .nanoseconds:
      value >= 10_000 ? String(format: "%.1f µs", value / 1000) : String(format: "%.1f ns", value)
    case .milliseconds: String(format: "%.2f ms", value)
    case .bytes: String(format: "%.0f B", value)
    case .megabytes: String(format: "%.1f MB", value)
    case .ratio: String(format: "%.2fx", value)
    case .number: String(format: "%.2f", value)
    case .percent: String(format: "%.1f%%", value * 100)
    }
  }
}
