import Foundation
import FunFrontend

// fun-bench: Fun's performance figures, measured in one run so that every ratio compares like
// with like on the same machine at the same moment. One release build of this package builds
// `fun` beside it; run from the repository root:
//   swift build -c release --package-path Benchmarks
//   $(swift build -c release --package-path Benchmarks --show-bin-path)/fun-bench [--quick] [--check]

// A child process of the load benchmark: the bare decoder's memory, in a process of its own.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == LoadBenchmark.bareDecodeArgument {
  do {
    print(try LoadBenchmark.bareDecode(path: CommandLine.arguments[2]))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("fun-bench: \(error)\n".utf8))
    exit(1)
  }
}

let options: BenchmarkOptions
do throws(BenchmarkOptions.ParseError) {
  options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("fun-bench: \(error)\n\(BenchmarkOptions.help)\n".utf8))
  exit(2)
}
if options.showHelp {
  print(BenchmarkOptions.help)
  exit(0)
}

/// Progress goes to stderr, so stdout holds only the report.
func progress(_ text: String) {
  FileHandle.standardError.write(Data("fun-bench: \(text)\n".utf8))
}

func megabytes(_ bytes: Int) -> Double {
  Double(bytes) / 1_048_576
}

let quick = options.quick
var report = BenchmarkReport(mode: quick ? "quick" : "full")
let workDirectory = FileManager.default.temporaryDirectory
  .appendingPathComponent("fun-bench-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
func workPath(_ name: String) -> String {
  workDirectory.appendingPathComponent(name).path
}
let binDirectory = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
  .resolvingSymlinksInPath().deletingLastPathComponent()
let funBinary = options.funPath ?? binDirectory.appendingPathComponent("fun").path
let needsFun =
  options.runs("start-up") || options.runs("memory") || options.runs("http") || options.runs("refresh")
  || options.runs("load")
let hasFun = FileManager.default.isExecutableFile(atPath: funBinary)
if needsFun, !hasFun {
  report.fail(
    "no fun binary at \(funBinary): start-up and memory were not measured; build it with "
      + "`swift build -c release --package-path Benchmarks`, which builds fun beside fun-bench (or pass --fun PATH)"
  )
}

// MARK: Start-up

// First, while this process has built no app yet: the in-process figure would otherwise pay for
// the apps and tasks that the keystroke benchmark leaves behind.

let quitScript = workPath("quit.fun")
try Data("quit\n".utf8).write(to: URL(fileURLWithPath: quitScript))
if options.runs("start-up") {
  report.note(
    "start-up: wall time from spawn to exit of `fun --script F --state-dir D --profile bench`, F = `quit` "
      + "(composition root, first settle, one command, one frame, exit) against a hello world that links the same "
      + "platform libraries (Foundation and, on Linux, FoundationNetworking: it names URLSession so the library loads) and writes one "
      + "line, built by `swift build -c release` in .build-bench/hello; medians of alternating runs; in-process = "
      + "FunMain.run called to first frame printed, without the loader"
  )
  progress("script mode start to first frame (in-process)")
  do {
    let firstFrame = try await StartupBenchmark.firstFrame(
      runs: quick ? 5 : 20,
      script: quitScript,
      stateDirectory: workPath("first-frame")
    )
    report.add("start-up", "in-process FunMain.run to first frame, median", firstFrame.median / 1e6, .milliseconds)
  } catch {
    report.fail("start-up in-process: \(error)")
  }
}
if options.runs("start-up"), hasFun {
  do {
    progress("building the hello-world baseline (once; cached in .build-bench/hello)")
    let hello = try HelloWorldBinary.prepare(in: ".build-bench/hello")
    progress("process start-up: fun --script vs hello world")
    let startup = try StartupBenchmark.processStart(
      fun: funBinary,
      baseline: hello,
      runs: quick ? 10 : 30,
      script: quitScript,
      stateDirectory: workPath("start-up")
    )
    report.add("start-up", "fun --script (quit), median", startup.fun.median / 1e6, .milliseconds)
    report.add(
      "start-up", "hello world (Foundation + URLSession), median", startup.baseline.median / 1e6, .milliseconds)
    report.add("start-up", "fun / hello world", startup.ratio, .ratio, limit: 2.0, isRatio: true)
    report.add("start-up", "fun / hello world, processor time (info)", startup.processorTimeRatio, .ratio)
    if let funLibraries = LinkedLibraries.of(funBinary), let helloLibraries = LinkedLibraries.of(hello) {
      report.add("start-up", "shared libraries fun loads", Double(funLibraries.count), .number)
      report.add("start-up", "shared libraries hello world loads", Double(helloLibraries.count), .number)
      let loadsNetworking = { (libraries: [String]) in
        libraries.contains { $0.hasPrefix(LinkedLibraries.networking) }
      }
      if loadsNetworking(funLibraries), !loadsNetworking(helloLibraries) {
        report.fail(
          "start-up: fun loads \(LinkedLibraries.networking) but the hello world does not, so the ratio would not "
            + "compare like with like (a stale baseline: rm -rf .build-bench/hello)"
        )
      }
    }
  } catch {
    report.fail("start-up: \(error)")
  }
}

// MARK: ServiceLocator

if options.runs("locator") {
  progress("ServiceLocator")
  let locator = LocatorBenchmark.run(iterations: quick ? 100_000 : 1_000_000)
  report.add("locator", "@Service resolve", locator.service.nanosecondsPerOperation, .nanoseconds)
  report.add("locator", "Mutex<[String: Any]> lookup + cast", locator.baseline.nanosecondsPerOperation, .nanoseconds)
  report.add("locator", "resolve / guarded lookup", locator.ratio, .ratio, limit: 3, isRatio: true)
  report.add(
    "locator", "@Service resolve, session service in its scope", locator.sessionService.nanosecondsPerOperation,
    .nanoseconds)
  report.add(
    "locator", "@Service resolve, app service through a session scope",
    locator.appServiceThroughScope.nanosecondsPerOperation, .nanoseconds)
  report.add("locator", "session service / guarded lookup", locator.sessionRatio, .ratio, limit: 2, isRatio: true)
  report.add(
    "locator", "app service through a scope / guarded lookup", locator.parentRatio, .ratio, limit: 3, isRatio: true)
}

// MARK: Search at scale

let searchSizes =
  !options.runs("search") ? [] : quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
var searchResults: [SearchBenchmark.Result] = []
for size in searchSizes {
  progress("search over \(size) items")
  do throws(SearchBenchmark.MismatchError) {
    // The baseline takes about a microsecond per item: about 600,000 item visits per round,
    // and fewer rounds at a million items, keep the whole section near a minute.
    let result = try SearchBenchmark.run(
      itemCount: size,
      rounds: size >= 1_000_000 ? 3 : quick ? 5 : 7,
      itemVisitsPerRound: quick ? 300_000 : 600_000
    )
    searchResults.append(result)
    let label = size.formatted()
    report.add("search", "\(label) items: CatalogSearch", result.search.nanosecondsPerOperation, .nanoseconds)
    report.add("search", "\(label) items: CatalogSearch per item", result.nanosecondsPerItem, .nanoseconds)
    report.add("search", "\(label) items: plain scan", result.baseline.nanosecondsPerOperation, .nanoseconds)
    report.add("search", "\(label) items: CatalogSearch / plain scan", result.ratio, .ratio, limit: 2, isRatio: true)
    report.add("search", "\(label) items: byte scan (info)", result.byteScan.nanosecondsPerOperation, .nanoseconds)
    report.add("search", "\(label) items: CatalogSearch / byte scan", result.byteScanRatio, .ratio)
  } catch {
    report.fail("search: \(error)")
  }
}
if let exponent = SearchBenchmark.growthExponent(searchResults) {
  report.add("search", "growth exponent k, time ~ items^k (1 = linear)", exponent, .number, limit: 1.15, isRatio: true)
}
if let exponent = SearchBenchmark.growthExponent(searchResults, of: \.byteScan) {
  // The same fit for the byte scan shows how much of the drift is the machine (caches), not the search.
  report.add("search", "growth exponent k of the byte scan (info)", exponent, .number)
}
if options.runs("search") {
  report.note(
    "search: time per search, mean over \(SearchBenchmark.queries.count) queries, each returning the matching items; "
      + "plain scan = `title.contains(q) || subtitle.contains(q)` (Foundation's contains) over titles and subtitles "
      + "lowercased once, q = query.lowercased(); byte scan = the same over lowercased UTF-8 bytes; all three return "
      + "the same items (checked), CatalogSearch as positions into the catalog (CatalogItems), the scans as arrays "
      + "of copied items"
  )
}

// MARK: Keystroke to frame, rendering

let keystrokeSizes =
  options.runs("keystroke") ? [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 200, rows: 60)] : []
if options.runs("keystroke") {
  report.note(
    "keystroke: the real app in-process on a manual clock, Search field focused; one sample = RootView.handle(key) + "
      + "render under Observation tracking + HeadlessTerminal.present (diff + encode); keys cycle s, w, Backspace, "
      + "Backspace; the debounced search runs later and is not part of a keystroke; full redraw = the same frames after "
      + "invalidate()"
  )
}
for size in keystrokeSizes {
  progress("keystroke to frame at \(size)")
  do {
    let result = try await KeystrokeBenchmark.run(
      size: size,
      samples: quick ? 400 : 4_000,
      stateDirectory: workPath("keystroke-\(size)")
    )
    let isStandard = size == .standard
    let latencyLimit = isStandard ? 1.0 : 3.0
    report.add(
      "keystroke", "\(size) key to frame, median", result.latency.median / 1e6, .milliseconds, limit: latencyLimit)
    report.add("keystroke", "\(size) key to frame, p99", result.latency.p99 / 1e6, .milliseconds)
    report.add("render", "\(size) RootView.render (canvas)", result.render.nanosecondsPerOperation, .nanoseconds)
    report.add("render", "\(size) full redraw encode", result.fullRedraw.nanosecondsPerOperation, .nanoseconds)
    report.add("render", "\(size) bytes per keystroke", result.bytesPerKeystroke, .bytes)
    report.add("render", "\(size) bytes of a full redraw", result.fullRedrawBytes, .bytes)
    report.add("render", "\(size) keystroke / full redraw", result.byteRatio, .percent, limit: 0.1, isRatio: true)
  } catch {
    report.fail("keystroke at \(size): \(error)")
  }
}

// MARK: Script mode

if options.runs("script") {
  let lineCount = 1_000
  report.note(
    "script: the real app in-process on virtual time, as `fun --script` runs it, output discarded; one sample = one "
      + "line of a \(lineCount.formatted())-line mixed script (tabs, rows, open/back, a typed query and its debounce, "
      + "fav, toggles, deep links, expect, show, wait) from parse to frame printed, settling included"
  )
  progress("script mode, per command")
  do {
    let latency = try await ScriptBenchmark.run(lineCount: lineCount, stateDirectory: workPath("script"))
    report.add("script", "per command, median", latency.median / 1e6, .milliseconds, limit: 0.3)
    report.add("script", "per command, p99", latency.p99 / 1e6, .milliseconds)
  } catch {
    report.fail("script: \(error)")
  }
}

// MARK: Memory

if options.runs("memory") {
  report.note(
    "memory: peak resident size (VmHWM on Linux) of `fun --script` that waits past the load of the bundled catalog, "
      + "opens Search, expects every item listed and quits (a large catalog's memory is in the load section)"
  )
}
if options.runs("memory"), hasFun {
  do {
    progress("peak memory with the bundled catalog")
    let bundled = try MemoryBenchmark.peakResidentBytes(
      fun: funBinary,
      catalogPath: nil,
      itemCount: nil,
      workDirectory: workPath("memory-bundled")
    )
    report.add("memory", "peak RSS, bundled catalog", megabytes(bundled), .megabytes, limit: 40)

  } catch {
    report.fail("memory: \(error)")
  }
}

// MARK: Loading a large catalog

let loadSizes = !options.runs("load") ? [] : quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
var loadResults: [LoadBenchmark.Result] = []
if options.runs("load") {
  report.note(
    "load: a generated catalog file (the bundled catalog's shape) at each size; app = FunMain.run in process as "
      + "`fun --script --catalog FILE` runs it, from the log record that starts the load to the first printed frame "
      + "that lists every item (read, decode, the decoder's rules, indexes, render; start-up shown apart); bare decoder = JSONDecoder().decode(_:from: Data(contentsOf:)) "
      + "into plain Decodable structs, no rules; runs alternate, medians; memory at the largest size in child "
      + "processes: fun --script --real-time (load, Search, then 2 s idle; once loaded = median VmRSS of its last "
      + "second) and fun-bench \(LoadBenchmark.bareDecodeArgument) FILE (the bare decoder alone)"
  )
}
for size in loadSizes {
  let label = size.formatted()
  progress("load of \(label) items: app against a bare JSONDecoder")
  do {
    let catalogPath = workPath("load-\(size).json")
    let fileBytes = try BenchmarkCatalog.writeJSON(count: size, to: catalogPath)
    let result = try await LoadBenchmark.run(
      itemCount: size, catalogPath: catalogPath, fileBytes: fileBytes,
      runs: size >= 100_000 ? 3 : 15,
      stateDirectory: workPath("load-state"))
    loadResults.append(result)
    report.add("load", "\(label) items: catalog JSON", megabytes(fileBytes), .megabytes)
    report.add(
      "load", "\(label) items: app, start-up to first frame (info)", result.appWithStartUp.median / 1e6, .milliseconds)
    report.add("load", "\(label) items: app, file to first frame", result.app.median / 1e6, .milliseconds)
    report.add("load", "\(label) items: bare JSONDecoder", result.bareDecoder.median / 1e6, .milliseconds)
    report.add("load", "\(label) items: app / bare JSONDecoder", result.ratio, .ratio, limit: 1.2, isRatio: true)
    if size == loadSizes.last, hasFun {
      progress("load of \(label) items: memory")
      let memory = try LoadBenchmark.memory(
        fun: funBinary, benchBinary: Bundle.main.executableURL?.path ?? CommandLine.arguments[0],
        catalogPath: catalogPath, itemCount: size,
        fileBytes: fileBytes, workDirectory: workPath("load-memory"))
      let file = Double(fileBytes)
      report.add("load", "\(label) items: app peak RSS", megabytes(memory.appPeak), .megabytes)
      report.add("load", "\(label) items: bare JSONDecoder peak RSS", megabytes(memory.bareDecoderPeak), .megabytes)
      report.add("load", "\(label) items: app peak RSS / JSON size", Double(memory.appPeak) / file, .ratio)
      report.add(
        "load", "\(label) items: bare JSONDecoder peak RSS / JSON size (info)", Double(memory.bareDecoderPeak) / file,
        .ratio)
      report.add(
        "load", "\(label) items: app peak RSS / bare JSONDecoder peak RSS",
        Double(memory.appPeak) / Double(memory.bareDecoderPeak), .ratio, limit: 1.1, isRatio: true)
      report.add(
        "load", "\(label) items: app RSS once loaded", megabytes(memory.appResidentOnceLoaded), .megabytes)
      // The 3× target is about a large catalog: below a million items the runtime's own
      // resident size (about 30 MB, the bundled catalog's run) outweighs the catalog's.
      let onceLoaded = Double(memory.appResidentOnceLoaded) / file
      if size >= 1_000_000 {
        report.add(
          "load", "\(label) items: app RSS once loaded / JSON size", onceLoaded, .ratio, limit: 3, isRatio: true)
      } else {
        report.add("load", "\(label) items: app RSS once loaded / JSON size (info below 1,000,000)", onceLoaded, .ratio)
      }
    }
    try? FileManager.default.removeItem(atPath: catalogPath)
  } catch {
    report.fail("load at \(label) items: \(error)")
  }
}
if let exponent = LoadBenchmark.growthExponent(loadResults) {
  report.add(
    "load", "growth exponent k of the app's load, time ~ items^k", exponent, .number, limit: 1.15, isRatio: true)
}
if let exponent = LoadBenchmark.growthExponent(loadResults, of: \.bareDecoder) {
  report.add("load", "growth exponent k of the bare JSONDecoder (info)", exponent, .number)
}

// MARK: Loading your own items

if options.runs("my-items") {
  report.note(
    "my-items: a profile's my-items.json of valid items (about 130 bytes each, 100,000 of them 13 MB, below the 16 MiB cap) loaded through the service the app "
      + "uses (read, decode, every item checked against the rule, ids for duplicates); median of rounds; the ratio "
      + "of the two sizes is 10 for a linear load (100 for a quadratic one)"
  )
  do {
    var results: [MyItemsLoadBenchmark.Result] = []
    for size in [10_000, 100_000] {
      progress("my-items load of \(size.formatted()) items")
      let result = try MyItemsLoadBenchmark.run(
        itemCount: size, stateDirectory: URL(fileURLWithPath: workPath("my-items-\(size)")),
        rounds: quick ? 3 : size >= 100_000 ? 5 : 9)
      results.append(result)
      let label = size.formatted()
      report.add("my-items", "\(label) items: my-items.json", megabytes(result.fileBytes), .megabytes)
      report.add("my-items", "\(label) items: load, median", result.load.nanosecondsPerOperation / 1e6, .milliseconds)
    }
    if let small = results.first, let large = results.last {
      report.add(
        "my-items", "100,000 / 10,000 items: load time (10 = linear)",
        large.load.nanosecondsPerOperation / small.load.nanosecondsPerOperation, .ratio, limit: 15, isRatio: true)
    }
  } catch {
    report.fail("my-items: \(error)")
  }
}

// MARK: HTTP catalog that never ends

if options.runs("http") {
  report.note(
    "http: `fun --script --real-time` on an http catalog from a local server whose body never ends (written as fast "
      + "as fun reads it): the load at start-up and \(EndlessBodyBenchmark.refreshes) refreshes, each failing at the "
      + "64 MiB limit, each followed by 1 s of real time; resident size (VmRSS) 0.5 s after each failed load; the "
      + "baseline is the same script against a 404, where every load fails having downloaded nothing"
  )
}
if options.runs("http"), hasFun {
  #if os(Linux)
    do {
      let server = try EndlessHTTPServer()
      defer { server.stop() }
      progress("http: \(EndlessBodyBenchmark.refreshes) refreshes against a body that never ends, then against a 404")
      let endless = try EndlessBodyBenchmark.run(
        fun: funBinary,
        url: "http://127.0.0.1:\(server.port)/endless",
        workDirectory: workPath("http-endless")
      )
      let missing = try EndlessBodyBenchmark.run(
        fun: funBinary,
        url: "http://127.0.0.1:\(server.port)/missing",
        workDirectory: workPath("http-404")
      )
      let leftBehind = endless.residentAfterFailedLoads.max() ?? 0
      let baseline = missing.residentAfterFailedLoads.max() ?? 0
      let sent = server.takeSentBytes().sorted()
      report.add(
        "http", "endless body: peak RSS, load + \(EndlessBodyBenchmark.refreshes) refreshes",
        megabytes(endless.peakResidentBytes), .megabytes, limit: 200, isBound: true)
      report.add("http", "endless body: RSS after a failed load, worst", megabytes(leftBehind), .megabytes)
      report.add("http", "404: RSS after a failed load, worst", megabytes(baseline), .megabytes)
      report.add(
        "http", "RSS after a failed load, endless body / 404", Double(leftBehind) / Double(max(baseline, 1)), .ratio,
        limit: 1.1, isRatio: true)
      if !sent.isEmpty {
        let median = megabytes(sent[sent.count / 2])
        report.add("http", "body bytes read per failed load, median (info)", median, .megabytes)
      }
    } catch {
      report.fail("http: \(error)")
    }
  #else
    report.note(
      "http: not measured here: the resident size of a running process is read from /proc, which only Linux has")
  #endif
}

// MARK: Refreshing a large catalog

let refreshSize = (items: quick ? 100_000 : 300_000, refreshes: quick ? 3 : 5)
if options.runs("refresh") {
  let (itemCount, refreshes) = refreshSize
  report.note(
    "refresh: `fun --script --real-time --catalog FILE` of \(itemCount.formatted()) generated items: the load at "
      + "start-up and \(refreshes) refreshes, each decoding the whole file and replacing the catalog shown, each "
      + "followed by 3 s of real time; resident size (VmRSS) 0.5 s after each load"
  )
}
if options.runs("refresh"), hasFun {
  #if os(Linux)
    do {
      let (itemCount, refreshes) = refreshSize
      let catalogPath = workPath("refresh-\(itemCount).json")
      let fileBytes = try BenchmarkCatalog.writeJSON(count: itemCount, to: catalogPath)
      progress("refresh: \(refreshes) refreshes of \(itemCount.formatted()) items")
      let resident = try RefreshBenchmark.run(
        fun: funBinary, catalogPath: catalogPath, itemCount: itemCount, refreshes: refreshes,
        workDirectory: workPath("refresh"))
      report.add("refresh", "catalog JSON", megabytes(fileBytes), .megabytes)
      for (index, bytes) in resident.enumerated() {
        let name = index == 0 ? "RSS after the first load" : "RSS after refresh \(index)"
        report.add("refresh", name, megabytes(bytes), .megabytes)
      }
      if let first = resident.first, let last = resident.last {
        report.add(
          "refresh", "RSS after the last refresh / after the first load (info)", Double(last) / Double(max(first, 1)),
          .ratio)
      }
    } catch {
      report.fail("refresh: \(error)")
    }
  #else
    report.note(
      "refresh: not measured here: the resident size of a running process is read from /proc, which only Linux has")
  #endif
}

// MARK: HTTP catalog's saved copy

if options.runs("http-cache") {
  let itemCount = quick ? 50_000 : 100_000
  report.note(
    "http-cache: in process, CatalogNetworkService against a local server's /catalog.json of \(itemCount.formatted()) "
      + "generated items (a new connection per request); full = no saved copy: 200, the whole body, decoded; "
      + "304 = the copy in memory after a saved load: If-None-Match answered 304, nothing downloaded or decoded; "
      + "saved copy = a fresh service reading and decoding http-catalog.cache, as a start does; medians"
  )
  progress("http-cache: a 304 against a full download and decode of \(itemCount.formatted()) items")
  do {
    let result = try await HTTPCacheBenchmark.run(
      itemCount: itemCount, rounds: quick ? 5 : 15, stateDirectory: workPath("http-cache"))
    report.add("http-cache", "catalog JSON", megabytes(result.catalogBytes), .megabytes)
    report.add("http-cache", "full download and decode, median", result.full.median / 1e6, .milliseconds)
    report.add("http-cache", "304 revalidation, median", result.notModified.median / 1e6, .milliseconds)
    report.add("http-cache", "304 / full download and decode", result.ratio, .ratio, limit: 0.25, isRatio: true)
    report.add("http-cache", "saved copy read and decoded (info)", result.savedCopy.median / 1e6, .milliseconds)
  } catch {
    report.fail("http-cache: \(error)")
  }
}

try? FileManager.default.removeItem(at: workDirectory)

// MARK: Report

print("fun-bench (\(report.mode) mode, \(report.processorCount) processors)\n")
report.printSummary()
do {
  try report.writeJSON(to: options.jsonPath)
  print("\nJSON: \(options.jsonPath)")
} catch {
  report.fail("cannot write \(options.jsonPath): \(error)")
  print("error: cannot write \(options.jsonPath): \(error)")
}

if options.check {
  let missed = report.failedChecks
  for figure in missed {
    let how = figure.target?.isBound == true ? "is past its bound" : "is more than 50% past its target"
    print("check failed: \(figure.section) \(figure.name) \(how)")
  }
  if !missed.isEmpty || !report.failures.isEmpty {
    exit(1)
  }
  print("check passed: every ratio target is within 50%, every bound held")
}
