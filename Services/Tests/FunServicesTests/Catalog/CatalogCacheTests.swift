import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

/// The http catalog's saved copy, against a real HTTP server on 127.0.0.1
/// (Support/catalog_server.py, which answers `/catalog.json` with an ETag and Last-Modified and
/// honours If-None-Match and If-Modified-Since). Each "start" is a new service over the same
/// state folder, as a new run of the app is.
@Suite("CatalogNetworkService, the saved copy of an http catalog", .timeLimit(.minutes(3)))
struct CatalogCacheTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()
  /// Whole seconds: the file keeps the time to the second.
  private static let firstStart = Date(timeIntervalSince1970: 1_735_776_000)  // 2025-01-02 00:00 UTC
  private static let secondStart = firstStart.addingTimeInterval(3_600)

  /// A folder holding the served catalog (`served/catalog.json`) and the state folder (`state`).
  private struct Setup {
    let root: TemporaryDirectory
    let catalog: URL
    let state: URL

    init() throws {
      root = try TemporaryDirectory()
      try FileManager.default.createDirectory(
        at: root.url.appendingPathComponent("served"), withIntermediateDirectories: true)
      catalog = root.url.appendingPathComponent("served/catalog.json")
      try Data(CatalogFixtures.json().utf8).write(to: catalog)
      state = root.url.appendingPathComponent("state", isDirectory: true)
    }

    var cacheFile: String {
      state.appendingPathComponent(CatalogCache.fileName).path
    }

    /// What the state folder holds, sorted.
    var stateFiles: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: state.path)) ?? []).sorted()
    }
  }

  /// Runs `body` with a fresh setup and a server for its catalog, stopped and removed after.
  private func withServer(_ body: (Setup, CatalogServer) async throws -> Void) async throws {
    let setup = try Setup()
    defer { setup.root.remove() }
    let server = try await CatalogServer.start(serving: setup.catalog)
    defer { server.stop() }
    try await body(setup, server)
  }

  private func start(_ url: URL, state: URL, at date: Date) -> CatalogNetworkService {
    CatalogNetworkService(
      source: .remote(url), clock: ManualClock(), logger: logger, cacheDirectory: state, toasts: toasts,
      now: { date }, shownNow: { date })
  }

  @Test("A load reports the app's clock (virtual in a script); the saved copy keeps the real time")
  func shownTimeApartFromSavedTime() async throws {
    try await withServer { setup, server in
      let shown = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01, a script's clock
      let service = CatalogNetworkService(
        source: .remote(server.url("/catalog.json")), clock: ManualClock(), logger: logger,
        cacheDirectory: setup.state, toasts: toasts, now: { Self.firstStart }, shownNow: { shown })
      #expect(
        try await service.fetchCatalog(simulatingFailure: false)
          == CatalogLoad(items: CatalogFixtures.items, loadedAt: shown))
      let saved = try CatalogCache.decode(Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
      #expect(saved.savedAt == Self.firstStart)
    }
  }

  @Test(
    "A first start downloads and saves; the second shows the copy at once, sends its validators and gets a 304 without a body, decoding nothing"
  )
  func secondStartRevalidates() async throws {
    try await withServer { setup, server in
      let url = server.url("/catalog.json")

      let first = start(url, state: setup.state, at: Self.firstStart)
      #expect(await first.savedCatalog() == nil)
      #expect(
        try await first.fetchCatalog(simulatingFailure: false)
          == CatalogLoad(items: CatalogFixtures.items, loadedAt: Self.firstStart))
      #expect(await server.nextRequest(path: "/catalog.json") == CatalogServer.Request())
      #expect(await server.nextReply(path: "/catalog.json")?.status == 200)
      let saved = try CatalogCache.decode(Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
      #expect(saved.body == Data(CatalogFixtures.json().utf8))
      #expect(saved.savedAt == Self.firstStart)
      let etag = try #require(saved.etag)
      let lastModified = try #require(saved.lastModified)

      let second = start(url, state: setup.state, at: Self.secondStart)
      #expect(
        await second.savedCatalog() == .success(CatalogLoad(items: CatalogFixtures.items, loadedAt: Self.firstStart)))
      // From here on the file holds no catalog: a load that read or decoded it could not succeed,
      // and would set it aside.
      try Data("not a saved catalog".utf8).write(to: URL(fileURLWithPath: setup.cacheFile))

      let revalidated = try await second.fetchCatalog(simulatingFailure: false)

      #expect(revalidated == CatalogLoad(items: CatalogFixtures.items, loadedAt: Self.secondStart))
      #expect(
        await server.nextRequest(path: "/catalog.json")
          == CatalogServer.Request(ifNoneMatch: etag, ifModifiedSince: lastModified))
      let reply = try #require(await server.nextReply(path: "/catalog.json"))
      #expect(reply.status == 304)
      #expect(reply.bodyBytes == 0)
      #expect(try String(contentsOfFile: setup.cacheFile, encoding: .utf8) == "not a saved catalog")
      #expect(toasts.shownToasts.isEmpty)
    }
  }

  @Test("A catalog changed on the server is downloaded again (200) and replaces the saved copy")
  func changedCatalogReplacesCopy() async throws {
    try await withServer { setup, server in
      let url = server.url("/catalog.json")
      let service = start(url, state: setup.state, at: Self.firstStart)
      _ = try await service.fetchCatalog(simulatingFailure: false)
      let changed = Array(CatalogFixtures.items.prefix(2))
      try Data(CatalogFixtures.json(changed).utf8).write(to: setup.catalog)

      let load = try await start(url, state: setup.state, at: Self.secondStart).fetchCatalog(simulatingFailure: false)

      #expect(load.items == changed)
      let saved = try CatalogCache.decode(Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
      #expect(saved.body == Data(CatalogFixtures.json(changed).utf8))
      #expect(saved.savedAt == Self.secondStart)
    }
  }

  @Test(
    "A URL's user name and password reach no log line about its saved copy (saved, shown, 304, offline, no catalog) nor the copy itself"
  )
  func credentialsLeftOutOfTheCopysLog() async throws {
    let setup = try Setup()
    defer { setup.root.remove() }
    let server = try await CatalogServer.start(serving: setup.catalog)
    let url = server.url("/catalog.json", user: "ada", password: "s3cret")
    _ = try await start(url, state: setup.state, at: Self.firstStart).fetchCatalog(simulatingFailure: false)
    let saved = try Data(contentsOf: URL(fileURLWithPath: setup.cacheFile))
    #expect(saved.range(of: Data("s3cret".utf8)) == nil, "the saved copy keeps the password")
    let second = start(url, state: setup.state, at: Self.secondStart)
    _ = await second.savedCatalog()
    _ = try await second.fetchCatalog(simulatingFailure: false)
    await server.stopAndWait()
    _ = try await start(url, state: setup.state, at: Self.secondStart).fetchCatalog(simulatingFailure: false)
    // A copy whose body is no catalog.
    var copy = try CatalogCache.decode(Data(contentsOf: URL(fileURLWithPath: setup.cacheFile)))
    copy.body = Data("[]".utf8)
    try CatalogCache.encode(copy).data.write(to: URL(fileURLWithPath: setup.cacheFile))
    _ = await start(url, state: setup.state, at: Self.secondStart).savedCatalog()

    let messages = logger.entries.map(\.message)
    for line in ["Showing the copy of", "is unchanged (304)", "cannot be reached", "is no catalog"] {
      #expect(messages.contains { $0.contains(line) }, "no line says \(line): \(messages)")
    }
    #expect(!messages.contains { $0.contains("s3cret") || $0.contains("ada@") }, "\(messages)")
  }

  @Test("A download that cannot be saved still shows; the log says the copy could not be saved, without credentials")
  func unsavableCopyIsLogged() async throws {
    try await withServer { setup, server in
      // Where the copy goes, a folder: the atomic rename onto it fails.
      try FileManager.default.createDirectory(
        atPath: setup.cacheFile + "/in-the-way", withIntermediateDirectories: true)
      let url = server.url("/catalog.json", user: "ada", password: "s3cret")

      let load = try await start(url, state: setup.state, at: Self.firstStart).fetchCatalog(simulatingFailure: false)

      #expect(load.items == CatalogFixtures.items)
      let logged = try #require(logger.entries.first { $0.message.hasPrefix("Could not save the catalog of ") })
      #expect(logged.level == .error)
      #expect(logged.message.contains(server.url("/catalog.json").absoluteString), "\(logged.message)")
      #expect(!logged.message.contains("s3cret"), "\(logged.message)")
    }
  }

  @Test("With the server stopped, the saved copy stands in, marked offline with the time it was saved")
  func serverStoppedGivesOfflineCopy() async throws {
    let setup = try Setup()
    defer { setup.root.remove() }
    let server = try await CatalogServer.start(serving: setup.catalog)
    let url = server.url("/catalog.json")
    _ = try await start(url, state: setup.state, at: Self.firstStart).fetchCatalog(simulatingFailure: false)
    await server.stopAndWait()

    func offline(because reason: AppError?) -> CatalogLoad {
      CatalogLoad(
        items: CatalogFixtures.items, loadedAt: Self.firstStart, offlineCopy: Self.firstStart, offlineReason: reason)
    }
    // A start shows the copy, then hears that the server cannot be reached.
    let started = start(url, state: setup.state, at: Self.secondStart)
    #expect(
      await started.savedCatalog() == .success(CatalogLoad(items: CatalogFixtures.items, loadedAt: Self.firstStart)))
    let load = try await started.fetchCatalog(simulatingFailure: false)
    #expect(load == offline(because: load.offlineReason))
    // Why the copy stands in, for the app to say: the load's own error.
    #expect(load.offlineReason?.message.contains("refused the connection") == true)
    // A load that had not asked for the copy finds it on disk.
    let fresh = try await start(url, state: setup.state, at: Self.secondStart).fetchCatalog(simulatingFailure: false)
    #expect(fresh == offline(because: load.offlineReason))
    #expect(
      logger.entries.contains { $0.level == .warning && $0.message.contains("the server refused the connection") })
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("The simulated network failure fails even with a saved copy: it shows the error path a copy would hide")
  func simulatedFailureKeepsTheErrorPath() async throws {
    try await withServer { setup, server in
      let url = server.url("/catalog.json")
      _ = try await start(url, state: setup.state, at: Self.firstStart).fetchCatalog(simulatingFailure: false)
      // No latency: a simulated failure waits it out on a clock this test never advances.
      let service = CatalogNetworkService(
        source: .remote(url), clock: ManualClock(), logger: logger, latency: .zero, cacheDirectory: setup.state,
        toasts: toasts, now: { Self.secondStart })
      #expect(await service.savedCatalog() != nil)

      let result = await outcome { () async throws(AppError) in
        try await service.fetchCatalog(simulatingFailure: true).items
      }

      #expect(result == .failure(.simulatedNetworkFailure))
    }
  }

  @Test("With the server stopped and no saved copy, the load fails as it always did")
  func serverStoppedWithoutCopyFails() async throws {
    let setup = try Setup()
    defer { setup.root.remove() }
    let server = try await CatalogServer.start(serving: setup.catalog)
    let url = server.url("/catalog.json")
    await server.stopAndWait()

    let result = await outcome { () async throws(AppError) in
      try await start(url, state: setup.state, at: Self.firstStart).fetchCatalog(simulatingFailure: false).items
    }

    #expect(result == .failure(.network(url: url.absoluteString, reason: L10n.Reason.refused)))
  }

  @Test("A saved copy that is no cache file is moved aside and reported; the catalog still loads and is saved anew")
  func corruptCopyIsQuarantined() async throws {
    try await withServer { setup, server in
      try FileManager.default.createDirectory(at: setup.state, withIntermediateDirectories: true)
      try Data("garbage\u{0}\u{1}".utf8).write(to: URL(fileURLWithPath: setup.cacheFile))
      let service = start(server.url("/catalog.json"), state: setup.state, at: Self.firstStart)

      let saved = await service.savedCatalog()
      let movedTo = setup.cacheFile + ".corrupt-20250102T000000Z"
      #expect(try String(contentsOfFile: movedTo, encoding: .utf8) == "garbage\u{0}\u{1}")
      let problem = AppError.corruptStateFile(name: CatalogCache.fileName, movedTo: movedTo)
      #expect(saved == .failure(problem), "the app is told, to say it where the toast is soon gone")
      #expect(toasts.shownToasts == [.error(problem.text)])
      #expect(logger.entries.contains { $0.level == .warning && $0.message == problem.message })

      #expect(try await service.fetchCatalog(simulatingFailure: false).items == CatalogFixtures.items)
      #expect(try CatalogCache.decode(Data(contentsOf: URL(fileURLWithPath: setup.cacheFile))).body.count > 0)
    }
  }

  @Test("A saved copy whose body is no catalog is moved aside and reported, and never sent as a validator")
  func undecodableCopyIsQuarantined() async throws {
    try await withServer { setup, server in
      let url = server.url("/catalog.json")
      let copy = CatalogCache.Copy(
        url: url.absoluteString, etag: "\"stale\"", lastModified: nil, savedAt: Self.firstStart,
        body: Data(#"{"items":[{"id":"no-title"}]}"#.utf8))
      try CatalogCache(directory: setup.state, maximumBodyBytes: 1 << 20, now: { Self.firstStart }).write(copy)
      let service = start(url, state: setup.state, at: Self.secondStart)

      let saved = await service.savedCatalog()
      #expect(saved != nil && (try? saved?.get()) == nil)
      #expect(setup.stateFiles.contains("\(CatalogCache.fileName).corrupt-20250102T010000Z"))
      #expect(toasts.shownToasts.count == 1)
      #expect(try await service.fetchCatalog(simulatingFailure: false).items == CatalogFixtures.items)
      #expect(await server.nextRequest(path: "/catalog.json") == CatalogServer.Request())
    }
  }

  @Test("A body of more values than its size allows is refused and never saved, so no start reads it again")
  func tooManyValuesAreNeverSaved() async throws {
    try await withServer { setup, server in
      let limit = CatalogDecoder.valuesAlwaysAllowed
      let body = #"{"x":["# + String(repeating: "[[]],", count: limit) + #"0],"items":[]}"#
      try Data(body.utf8).write(to: setup.catalog)
      let url = server.url("/catalog.json")

      let result = await outcome { () async throws(AppError) in
        try await start(url, state: setup.state, at: Self.firstStart).fetchCatalog(simulatingFailure: false).items
      }

      #expect(
        result == .failure(.malformedCatalog(reason: L10n.Reason.tooManyValues(values: limit, bytes: body.utf8.count))))
      #expect(!setup.stateFiles.contains(CatalogCache.fileName))
      #expect(await start(url, state: setup.state, at: Self.secondStart).savedCatalog() == nil)
    }
  }

  @Test("A symbolic link where the copy belongs is set aside, never followed")
  func linkIsNotFollowed() async throws {
    let setup = try Setup()
    defer { setup.root.remove() }
    let url = URL(string: "http://127.0.0.1:9/catalog.json")
    try FileManager.default.createDirectory(at: setup.state, withIntermediateDirectories: true)
    let elsewhere = try setup.root.write("secret", to: "elsewhere.txt")
    #expect(symlink(elsewhere, setup.cacheFile) == 0)

    let saved = await start(try #require(url), state: setup.state, at: Self.firstStart).savedCatalog()

    #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "secret")
    let movedTo = setup.cacheFile + ".corrupt-20250102T000000Z"
    #expect(FileSystem.exists(path: movedTo))
    let problem = AppError.unsafeStateFile(
      name: CatalogCache.fileName, reason: L10n.Reason.notRegularFile(L10n.Reason.kindSymbolicLink), movedTo: movedTo)
    #expect(saved == .failure(problem))
    #expect(toasts.shownToasts == [.error(problem.text)])
  }

  @Test("Another URL's copy is no copy of this one")
  func otherURLsCopyIsIgnored() async throws {
    let setup = try Setup()
    defer { setup.root.remove() }
    let copy = CatalogCache.Copy(
      url: "http://127.0.0.1:9/other.json", etag: nil, lastModified: nil, savedAt: Self.firstStart,
      body: Data(CatalogFixtures.json().utf8))
    try CatalogCache(directory: setup.state, maximumBodyBytes: 1 << 20, now: { Self.firstStart }).write(copy)
    let url = try #require(URL(string: "http://127.0.0.1:9/catalog.json"))

    #expect(await start(url, state: setup.state, at: Self.secondStart).savedCatalog() == nil)
    #expect(setup.stateFiles.contains(CatalogCache.fileName))
  }

  @Test("Nothing is written outside the state folder, and what is written there is private")
  func writesOnlyInStateFolder() async throws {
    let setup = try Setup()
    defer { setup.root.remove() }
    let server = try await CatalogServer.start(serving: setup.catalog)
    let url = server.url("/catalog.json")
    _ = try await start(url, state: setup.state, at: Self.firstStart).fetchCatalog(simulatingFailure: false)
    let second = start(url, state: setup.state, at: Self.secondStart)
    _ = await second.savedCatalog()
    _ = try await second.fetchCatalog(simulatingFailure: false)
    await server.stopAndWait()
    _ = try await start(url, state: setup.state, at: Self.secondStart).fetchCatalog(simulatingFailure: false)

    #expect(setup.root.fileNames.sorted() == ["served", "state"])
    let served = try FileManager.default.contentsOfDirectory(atPath: setup.catalog.deletingLastPathComponent().path)
    #expect(served == ["catalog.json"])
    #expect(setup.stateFiles == [CatalogCache.fileName, CatalogCache.fileName + ".lock"])
    #expect(TemporaryDirectory.permissions(atPath: setup.cacheFile) == 0o600)
    #expect(TemporaryDirectory.permissions(atPath: setup.state.path) == 0o700)
  }

  @Test(
    "Only failures that mean the server cannot be reached let the saved copy stand in",
    arguments: [
      (AppError.timeout(url: "u", seconds: 10), true),
      (.network(url: "u", reason: CatalogDownloader.Unreachable.refused), true),
      (.network(url: "u", reason: CatalogDownloader.Unreachable.noSuchHost), true),
      (.network(url: "u", reason: CatalogDownloader.Unreachable.noNetwork), true),
      (.network(url: "u", reason: CatalogDownloader.Unreachable.connectionLost), true),
      (.httpStatus(code: 503, url: "u"), true),
      (.httpStatus(code: 404, url: "u"), false),
      (.network(url: "u", reason: L10n.Reason.requestCancelled), false),
      (.network(url: "u", reason: L10n.Reason.noSecureConnection), false),
      (.malformedCatalog(reason: .verbatim("r")), false),
    ])
  func unreachableFailures(error: AppError, isUnreachable: Bool) {
    #expect(CatalogDownloader.isUnreachable(error) == isUnreachable)
  }
}

@Suite("CatalogCache, the file's format")
struct CatalogCacheFormatTests {
  private let copy = CatalogCache.Copy(
    url: "https://example.com/catalog.json", etag: "W/\"a\nb\"", lastModified: "Wed, 01 Jan 2025 00:00:00 GMT",
    savedAt: Date(timeIntervalSince1970: 1_735_689_600), body: Data("{\"items\":[]}\n\n".utf8))

  @Test("A copy reads back as it was written, its body byte for byte")
  func roundTrip() throws {
    let data = try CatalogCache.encode(copy).data
    #expect(try CatalogCache.decode(data) == copy)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "fun-catalog-cache 1")
    #expect(lines[1].hasPrefix("{\"etag\":"))
  }

  @Test(
    "Bytes that are no saved copy are refused with the reason",
    arguments: [
      ("", "it does not start with \"fun-catalog-cache 1\""),
      ("fun-catalog-cache 2\n{}\n", "it does not start with \"fun-catalog-cache 1\""),
      ("fun-catalog-cache 1\n{\"url\":\"u\"", "its header does not end within 64 KiB"),
    ])
  func refusesOtherBytes(text: String, reason: String) {
    #expect(throws: CatalogCache.FormatError(reason: reason)) {
      try CatalogCache.decode(Data(text.utf8))
    }
  }

  /// The header's bytes (both lines, newlines included) for `copy`.
  private func headerBytes(of copy: CatalogCache.Copy) throws -> Int {
    try CatalogCache.encode(copy).data.count - copy.body.count
  }

  @Test(
    "Validators that take the header exactly to its limit are saved and read back; one byte more, they are left out")
  func validatorsAtTheLimit() throws {
    var atLimit = copy
    atLimit.etag = ""
    atLimit.etag = String(repeating: "e", count: CatalogCache.headerLimit - (try headerBytes(of: atLimit)))
    #expect(try headerBytes(of: atLimit) == CatalogCache.headerLimit)
    let (data, saved) = try CatalogCache.encode(atLimit)
    #expect(saved == atLimit)
    #expect(try CatalogCache.decode(data) == atLimit)

    var over = atLimit
    over.etag?.append("e")
    let (overData, overSaved) = try CatalogCache.encode(over)
    var withoutValidators = over
    withoutValidators.etag = nil
    withoutValidators.lastModified = nil
    // What is saved is what the next start reads: never a header it refuses.
    #expect(overSaved == withoutValidators)
    #expect(try CatalogCache.decode(overData) == withoutValidators)
  }

  @Test("A URL too long for the header leaves nothing to save, and the previous copy stands")
  func urlTooLongForHeader() throws {
    let state = try TemporaryDirectory()
    defer { state.remove() }
    let cache = CatalogCache(directory: state.url, maximumBodyBytes: 1 << 20, now: { Date() })
    try cache.write(copy)
    var long = copy
    long.url = "https://example.com/" + String(repeating: "a", count: CatalogCache.headerLimit)
    #expect(throws: AppError.self) { try cache.write(long) }
    #expect(try cache.read(for: try #require(URL(string: copy.url))) == copy)
  }

  @Test("A header that is not the copy's JSON is refused")
  func refusesBadHeader() {
    for header in ["{}", "[1]", "{\"url\":\"u\",\"savedAt\":\"yesterday\"}", "\u{FF}"] {
      #expect(throws: CatalogCache.FormatError.self) {
        try CatalogCache.decode(Data("fun-catalog-cache 1\n\(header)\n{}".utf8))
      }
    }
  }
}
