import Foundation
import FunCore
import FunModel
import FunModelTestSupport
import FunServices
import Testing

@Suite("CatalogFetchHelper: the helper's arguments and where it is found")
struct CatalogFetchHelperTests {
  private typealias Request = CatalogFetchHelper.Request

  @Test("A request's arguments parse back to the same request")
  func argumentsRoundTrip() throws {
    let url = try #require(URL(string: "https://fun.example/catalog.json?v=2"))
    let request = Request(url: url, timeoutSeconds: 2.5, maximumBytes: 1000)
    #expect(Request.parse(request.arguments) == .success(request))
  }

  @Test("Without options the request waits 10 seconds and takes up to 64 MiB")
  func defaults() throws {
    let request = try Request.parse(["http://127.0.0.1:8080/c.json"]).get()
    #expect(request.timeoutSeconds == 10)
    #expect(request.maximumBytes == 64 << 20)
    #expect(request.url.absoluteString == "http://127.0.0.1:8080/c.json")
  }

  @Test("A request's timeout is clamped to what URLSession on Linux can keep: 1 s to a day")
  func timeoutClamped() throws {
    let url = try #require(URL(string: "http://a/b"))
    #expect(Request(url: url, timeoutSeconds: 0.25).timeoutSeconds == 1)
    #expect(Request(url: url, timeoutSeconds: 1e300).timeoutSeconds == 86_400)
    #expect(Request(url: url, timeoutSeconds: 7).timeoutSeconds == 7)
  }

  @Test(
    "Wrong arguments are refused with a message and the usage line",
    arguments: [
      ([], "no URL given"),
      (["--timeout"], "--timeout needs a number of seconds from 1 to 86400"),
      (["--timeout", "0", "http://a/b"], "--timeout needs a number of seconds from 1 to 86400"),
      (["--timeout", "0.5", "http://a/b"], "--timeout needs a number of seconds from 1 to 86400"),
      (["--timeout", "1e300", "http://a/b"], "--timeout needs a number of seconds from 1 to 86400"),
      (["--timeout", "soon", "http://a/b"], "--timeout needs a number of seconds from 1 to 86400"),
      (["--timeout", "inf", "http://a/b"], "--timeout needs a number of seconds from 1 to 86400"),
      (["--max-bytes", "0", "http://a/b"], "--max-bytes needs a whole number of bytes greater than 0"),
      (["--max-bytes", "1.5", "http://a/b"], "--max-bytes needs a whole number of bytes greater than 0"),
      (["--verbose", "http://a/b"], "unknown option --verbose"),
      (["http://a/b", "http://c/d"], "one URL only; also got http://c/d"),
      (["file:///etc/passwd"], "file:///etc/passwd is not an http(s) URL"),
      (["catalog.json"], "catalog.json is not an http(s) URL"),
    ]
  )
  func usageErrors(arguments: [String], problem: String) {
    guard case .failure(let error) = Request.parse(arguments) else {
      Issue.record("\(arguments) was accepted")
      return
    }
    #expect(error.message == "\(problem)\nusage: fun-fetch [--timeout SECONDS] [--max-bytes N] http(s)://…")
  }

  @Test("$FUN_FETCH names the helper when set")
  func environmentOverride() {
    let location = CatalogFetchHelper.location(
      environment: ["FUN_FETCH": "/opt/fun/bin/fun-fetch"],
      executable: URL(fileURLWithPath: "/usr/local/bin/fun")
    )
    #expect(location.path == "/opt/fun/bin/fun-fetch")
  }

  @Test("Otherwise the helper is fun-fetch beside the running executable")
  func besideExecutable() {
    for environment in [[:], ["FUN_FETCH": ""]] {
      let location = CatalogFetchHelper.location(
        environment: environment,
        executable: URL(fileURLWithPath: "/usr/local/bin/fun")
      )
      #expect(location.path == "/usr/local/bin/fun-fetch")
    }
  }

  @Test("The helper is found beside a symbolic link's target, where swift build put both binaries")
  func besideSymlinkTarget() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let build = directory.url.appendingPathComponent("build", isDirectory: true)
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    let binary = build.appendingPathComponent("fun")
    try Data().write(to: binary)
    let link = directory.url.appendingPathComponent("fun")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)

    let location = CatalogFetchHelper.location(environment: [:], executable: link)
    #expect(
      location.resolvingSymlinksInPath().path
        == build.appendingPathComponent("fun-fetch").resolvingSymlinksInPath().path)
  }
}

/// A remote load whose helper misbehaves: each case is a small shell script standing in for
/// `fun-fetch`, so the failure the app reports is checked without a network.
@Suite("CatalogNetworkService, when the fetch helper fails")
struct CatalogFetchHelperFailureTests {
  private let url = URL(string: "http://127.0.0.1:9/catalog.json")!

  /// Loads from `url` with `script` (a shell script body) as the helper.
  private func load(
    helperScript script: String?,
    folderInItsPlace: Bool = false
  ) async throws -> Result<[FeaturedItem], AppError> {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let helper = directory.url.appendingPathComponent("fun-fetch")
    if folderInItsPlace {
      try FileManager.default.createDirectory(at: helper, withIntermediateDirectories: true)
    }
    if let script {
      try Data("#!/bin/sh\n\(script)\n".utf8).write(to: helper)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
    }
    let service = CatalogNetworkService(
      source: .remote(url),
      clock: ManualClock(),
      toggles: MockFeatureToggleService(),
      logger: MockLoggerService(),
      fetchHelper: helper
    )
    return await outcome { () async throws(AppError) in try await service.fetchCatalog() }
  }

  @Test(
    "A missing helper, or a folder in its place, is a network error that says where it was looked for and how to build it",
    arguments: [false, true]
  )
  func missingHelper(folderInItsPlace: Bool) async throws {
    let result = try await load(helperScript: nil, folderInItsPlace: folderInItsPlace)
    let error = try #require(result.failure)
    guard case .network(let address, let reason) = error else {
      Issue.record("expected a network error, got \(error)")
      return
    }
    #expect(address == url.absoluteString)
    #expect(reason.hasPrefix("the helper that fetches remote catalogs is missing at /"))
    #expect(reason.hasSuffix("build it with `swift build --product fun-fetch` or name it in $FUN_FETCH"))
  }

  @Test("The helper's arguments are the timeout and the URL")
  func argumentsPassed() async throws {
    // The script answers HTTP 418 only for exactly the expected arguments; for any others it
    // writes them to standard error, which the failure's reason then quotes.
    let expected = "--timeout 10.0 --max-bytes 67108864 \(url.absoluteString)"
    let result = try await load(
      helperScript: """
        if [ "$*" = "\(expected)" ]; then echo '{"httpStatus":{"_0":418}}'; else echo "$*" >&2; fi
        exit 1
        """
    )
    #expect(result == .failure(.httpStatus(code: 418, url: url.absoluteString)))
  }

  @Test("A timeout reported by the helper names the URL and the seconds waited")
  func timeoutReported() async throws {
    let result = try await load(helperScript: #"echo '{"timeout":{}}'; exit 1"#)
    #expect(result == .failure(.timeout(url: url.absoluteString, seconds: 10)))
  }

  @Test("A catalog too large, as the helper reports it, names the limit and the way around it")
  func tooLargeReported() async throws {
    let result = try await load(helperScript: #"echo '{"tooLarge":{"maximumBytes":67108864}}'; exit 1"#)
    #expect(
      result
        == .failure(
          .network(
            url: url.absoluteString,
            reason: "the catalog is larger than 64 MiB, the most Fun loads from a URL; save it and use --catalog FILE"
          )
        )
    )
  }

  @Test("A helper that writes past the limit is stopped; the load fails as too large")
  func runawayOutputStopped() async throws {
    // `yes` writes without end; only the reader's limit stops it.
    let result = try await load(helperScript: "exec yes 0123456789")
    let error = try #require(result.failure)
    #expect(error.message.contains("the catalog is larger than 64 MiB"))
  }

  @Test("The helper's body on success is decoded as the catalog")
  func bodyDecoded() async throws {
    let json = CatalogFixtures.json().replacingOccurrences(of: "'", with: "'\\''")
    let result = try await load(helperScript: "printf '%s' '\(json)'")
    #expect(result == .success(CatalogFixtures.items))
  }

  @Test(
    "A helper that fails in an unexpected way is a network error quoting its first line of errors",
    arguments: [
      (
        "echo 'boom: no libcurl' >&2; echo second line >&2; exit 7",
        "the fetch helper exited with status 7 (boom: no libcurl)"
      ),
      ("echo 'not json'; exit 1", "the fetch helper gave an answer it could not read"),
      ("kill -9 $$", "the fetch helper was killed by signal 9"),
    ]
  )
  func unexpectedFailures(script: String, reason: String) async throws {
    let result = try await load(helperScript: script)
    #expect(result == .failure(.network(url: url.absoluteString, reason: reason)))
  }
}
