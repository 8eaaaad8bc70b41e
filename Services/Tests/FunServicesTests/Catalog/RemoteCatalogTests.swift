import Foundation
import FunCore
import FunModel
import FunModelTestSupport
import FunServices
import Testing

/// Remote loads against a real HTTP server on 127.0.0.1 (Support/catalog_server.py).
///
/// Every test starts its own server and stops it at the end. Timeouts are real network I/O
/// timeouts of one second, not sleeps.
@Suite("CatalogNetworkService, remote source", .timeLimit(.minutes(1)))
struct RemoteCatalogTests {
  private let logger = MockLoggerService()

  private func withServer(_ body: (CatalogServer) async throws -> Void) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await startServer(in: directory)
    defer { server.stop() }
    try await body(server)
  }

  /// Starts a server whose `/catalog.json` is the fixture catalog, written into `directory`.
  private func startServer(in directory: TemporaryDirectory) async throws -> CatalogServer {
    let catalog = directory.url.appendingPathComponent("catalog.json")
    try Data(CatalogFixtures.json().utf8).write(to: catalog)
    return try await CatalogServer.start(serving: catalog)
  }

  private func service(
    _ url: URL,
    requestTimeout: Duration = .seconds(10),
    maximumCatalogBytes: Int = CatalogFetchHelper.defaultMaximumBytes
  ) -> CatalogNetworkService {
    CatalogNetworkService(
      source: .remote(url),
      clock: ManualClock(),
      toggles: MockFeatureToggleService(),
      logger: logger,
      requestTimeout: requestTimeout,
      maximumCatalogBytes: maximumCatalogBytes
    )
  }

  /// Starts the real `fun-fetch` (built beside the tests) with a pipe on its standard input.
  private func startHelper(
    _ arguments: [String],
    through shell: String? = nil
  ) throws -> (process: Process, input: Pipe, exited: Flag) {
    let helper = CatalogFetchHelper.location()
    let process = Process()
    if let shell {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "\(shell); exec \"$0\" \"$@\"", helper.path] + arguments
    } else {
      process.executableURL = helper
      process.arguments = arguments
    }
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let exited = Flag()
    process.terminationHandler = { _ in exited.set() }
    try process.run()
    return (process, input, exited)
  }

  /// Waits for `flag`, yielding; the suite's time limit bounds it.
  private func waitFor(_ flag: Flag) async {
    while !flag.isSet {
      await Task.yield()
    }
  }

  /// Starts a fetch in a task; `finished` is set when it ends.
  private func startFetch(
    _ service: CatalogNetworkService
  ) -> (task: Task<Result<[FeaturedItem], AppError>, Never>, finished: Flag) {
    let finished = Flag()
    let task = Task {
      let result = await outcome { () async throws(AppError) in try await service.fetchCatalog() }
      finished.set()
      return result
    }
    return (task, finished)
  }

  @Test("A 200 with a valid catalog loads it, without waiting on the clock")
  func loadsCatalog() async throws {
    try await withServer { server in
      let service = service(server.url("/catalog.json"))
      let items = try await service.fetchCatalog()
      #expect(items == CatalogFixtures.items)
      #expect(service.requestsInFlight == 0)
      #expect(logger.entries.last?.message.hasSuffix("from \(server.url("/catalog.json"))") == true)
    }
  }

  @Test("A 404 becomes an HTTP status error naming the code and URL")
  func notFound() async throws {
    try await withServer { server in
      let url = server.url("/missing")
      let result = await outcome { () async throws(AppError) in try await service(url).fetchCatalog() }
      #expect(result == .failure(.httpStatus(code: 404, url: url.absoluteString)))
      #expect(result.failure?.message == "The catalog server answered HTTP 404 for \(url.absoluteString)")
      #expect(logger.entries.last?.level == .error)
    }
  }

  @Test("A 200 whose body is not JSON is a malformed catalog")
  func malformedBody() async throws {
    try await withServer { server in
      let result = await outcome { () async throws(AppError) in
        try await service(server.url("/malformed")).fetchCatalog()
      }
      let error = try #require(result.failure)
      guard case .malformedCatalog(let reason) = error else {
        Issue.record("expected malformedCatalog, got \(error)")
        return
      }
      #expect(reason.hasPrefix("it is not valid JSON"))
    }
  }

  @Test("A server that never answers times out after the request timeout, counted in flight meanwhile")
  func timeout() async throws {
    try await withServer { server in
      let url = server.url("/hang")
      let service = service(url, requestTimeout: .seconds(1))
      let fetch = startFetch(service)
      while service.requestsInFlight == 0, !fetch.finished.isSet {
        await Task.yield()
      }
      #expect(service.requestsInFlight == 1)
      let result = await fetch.task.value
      #expect(result == .failure(.timeout(url: url.absoluteString, seconds: 1)))
      #expect(result.failure?.message == "The catalog server at \(url.absoluteString) did not answer within 1 s")
      #expect(service.requestsInFlight == 0)
    }
  }

  @Test("Cancelling a remote load cancels the request at once")
  func cancellation() async throws {
    try await withServer { server in
      let url = server.url("/hang")
      let service = service(url)
      let fetch = startFetch(service)
      while service.requestsInFlight == 0, !fetch.finished.isSet {
        await Task.yield()
      }
      fetch.task.cancel()
      #expect(
        await fetch.task.value == .failure(.network(url: url.absoluteString, reason: "the request was cancelled")))
      #expect(service.requestsInFlight == 0)
    }
  }

  @Test(
    "A catalog larger than the limit fails as too large, whether or not its size is announced",
    arguments: ["/big", "/big-unsized"])
  func tooLarge(path: String) async throws {
    try await withServer { server in
      let url = server.url(path)
      let result = await outcome { () async throws(AppError) in
        try await service(url, maximumCatalogBytes: 1 << 20).fetchCatalog()
      }
      #expect(
        result
          == .failure(
            .network(
              url: url.absoluteString,
              reason: "the catalog is larger than 1 MiB, the most Fun loads from a URL; save it and use --catalog FILE"
            )
          )
      )
    }
  }

  @Test("The helper stops as soon as the pipe to its standard input closes, as when fun ends mid-load")
  func helperEndsWithItsCaller() async throws {
    try await withServer { server in
      let helper = try startHelper([server.url("/hang").absoluteString])
      #expect(!helper.exited.isSet)
      try helper.input.fileHandleForWriting.close()
      await waitFor(helper.exited)
      #expect(helper.process.terminationReason == .exit)
      #expect(helper.process.terminationStatus == 3)
    }
  }

  /// Whether the process runs `fun-fetch`, from its name in /proc.
  private static func isHelper(_ pid: Int32) -> Bool {
    (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("fun-fetch") == true
  }

  /// Whether the process ignores SIGTERM, from the `SigIgn` mask Linux reports in /proc.
  private static func ignoresTerminate(_ pid: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
      let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << (SIGTERM - 1)) != 0
  }

  #if os(Linux)
    @Test("SIGTERM stops the helper even when it was started with SIGTERM ignored")
    func terminateStopsHelperThatInheritedIgnoredTerm() async throws {
      try await withServer { server in
        let helper = try startHelper([server.url("/hang").absoluteString], through: "trap '' TERM")
        // Wait until the shell has become the helper (it ignored SIGTERM, and the helper
        // inherits that) and the helper's first act has restored SIGTERM.
        let pid = helper.process.processIdentifier
        while !(Self.isHelper(pid) && !Self.ignoresTerminate(pid)), !helper.exited.isSet {
          await Task.yield()
        }
        helper.process.terminate()
        await waitFor(helper.exited)
        #expect(helper.process.terminationReason == .uncaughtSignal)
        try? helper.input.fileHandleForWriting.close()
      }
    }
  #endif

  @Test("A refused connection is a network error that says so")
  func connectionRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await startServer(in: directory)
    let url = server.url("/catalog.json")
    await server.stopAndWait()

    // Nothing listens on the stopped server's port any more.
    let result = await outcome { () async throws(AppError) in try await service(url).fetchCatalog() }
    #expect(result == .failure(.network(url: url.absoluteString, reason: "the server refused the connection")))
  }
}
