import Foundation
import FunModel

/// Peak resident size of a `fun --script` process that loads a catalog, opens the Search tab
/// (every item listed and indexed) and quits.
///
/// The script waits past the simulated load latency in virtual time, then `expect`s the
/// result count, so a catalog that failed to load fails the benchmark instead of looking
/// cheap. The peak is the kernel's high-water mark of the child's resident memory (see
/// ``ChildProcess``), so it covers everything the process ever held at once: the JSON file,
/// the decoded items, the search index and the frames.
enum MemoryBenchmark {
  /// The run did not load the catalog or failed otherwise.
  struct RunError: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `fun` on the catalog at `catalogPath` (the bundled one when `nil`) expecting
  /// `itemCount` items (any number when `nil`), with its state and the script in
  /// `workDirectory`; returns the peak resident size in bytes.
  static func peakResidentBytes(
    fun: String,
    catalogPath: String?,
    itemCount: Int?,
    workDirectory: String
  ) throws -> Int {
    let name = itemCount.map { "memory-\($0)" } ?? "memory-bundled"
    let work = URL(fileURLWithPath: workDirectory)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let script = work.appendingPathComponent("\(name).fun")
    // What Search's header says for that many results, as the app writes it (script mode is
    // English; numbers are grouped: 1,000,000).
    let expected = itemCount.map { Localizer.base(L10n.Search.results($0)) } ?? "results"
    try Data("wait 1s\ntab search\nexpect \(expected)\nquit\n".utf8).write(to: script)
    let log = work.appendingPathComponent("\(name).log").path
    // Decoding a million items is real work that takes longer than the 5 s a script command
    // may stay busy by default: give the settle watchdog room, as a person would.
    var arguments = [
      "--script", script.path, "--state-dir", workDirectory, "--profile", "bench", "--settle-timeout", "120",
    ]
    if let catalogPath {
      arguments += ["--catalog", catalogPath]
    }
    let child = ChildProcess(executable: fun, arguments: arguments, logPath: log, measuresMemory: true)
    let outcome = try child.run()
    guard outcome.status == 0, let peak = outcome.peakResidentBytes, peak > 0 else {
      throw RunError(description: "fun did not show \"\(expected)\" (status \(outcome.status)); see \(log)")
    }
    return peak
  }
}
