import Foundation
import FunCore
import FunModel
import FunServices

/// Loading a profile's `my-items.json` of many items: the read, the decode and the check of
/// every item against the rule it was saved under (an id used twice makes the file corrupt).
/// Measured at two sizes, so the ratio of their times says how the load grows: ten times the
/// items should take about ten times as long.
enum MyItemsLoadBenchmark {
  struct Result {
    let itemCount: Int
    let fileBytes: Int
    /// Nanoseconds per load, median.
    let load: Measurement
  }

  /// Writes a `my-items.json` of `itemCount` valid items into `stateDirectory`'s profile folder
  /// and loads it `rounds` times (after one warm-up load) through the service the app uses.
  static func run(itemCount: Int, stateDirectory: URL, rounds: Int) throws -> Result {
    let profile = try ProfileName(validating: "bench")
    let folder = stateDirectory.appendingPathComponent("profiles").appendingPathComponent(profile.value)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let items = (0..<itemCount).map {
      #"{"category":"Journal","description":"Item \#($0).\n\nMore.","featured":false,"id":"item-\#($0)","#
        + #""subtitle":"A subtitle","title":"Item \#($0)"}"#
    }
    let data = Data(#"{"items":[\#(items.joined(separator: ","))]}"#.utf8)
    try data.write(to: folder.appendingPathComponent("my-items.json"))
    let logger = Services.logger(forwardingTo: Logger(sinks: []))
    let toasts = Services.toasts(clock: ContinuousClock(), logger: logger)
    var loaded = 0
    let load = Measurement.run("my-items.json load", iterations: 1, rounds: rounds) { _ in
      let service = Services.myItems(
        of: profile, stateDirectory: stateDirectory, logger: logger, toasts: toasts, now: { Date() })
      service.reloadIfChanged()
      loaded = service.items.count
    }
    guard loaded == itemCount else {
      throw BenchmarkError(description: "loaded \(loaded) of \(itemCount) items: the file was refused")
    }
    return Result(itemCount: itemCount, fileBytes: data.count, load: load)
  }

  /// A load that went wrong.
  struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
  }
}
