import Foundation
import FunModelTestSupport
import Testing

/// `fun` is one binary: copied alone into an empty folder, with no resource bundle and no
/// helper beside it, it loads the bundled catalog (compiled in) and an http catalog (fetched in
/// process).
///
/// The build folder stays where it is while `swift test` runs, so a copy that still reached
/// into it would pass here; `.ci/run portable` also moves the build folder aside.
@Suite("A copied fun binary", .timeLimit(.minutes(2)))
struct PortableBinaryTests {
  /// Copies the built `fun`, and only it, into a folder of its own inside `directory`.
  ///
  /// `cp` makes the copy, not this process: a file this process had open for writing would be
  /// inherited by any child another test forks meanwhile, and running the copy while that
  /// child still held it would fail with "Text file busy" (ETXTBSY).
  private func copyFun(into directory: TemporaryDirectory) async throws -> URL {
    let built = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    let folder = directory.url.appendingPathComponent("bin", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent("fun")
    let cp = Process()
    cp.executableURL = URL(fileURLWithPath: "/bin/cp")
    cp.arguments = [built.path, copy.path]
    try cp.run()
    try await blocking { cp.waitUntilExit() }
    #expect(cp.terminationStatus == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fun"])
    return copy
  }

  /// Runs `fun` on `script` with a fresh state directory; expects it to exit 0, which it does
  /// only when every `expect` in the script held.
  private func run(
    _ fun: URL,
    script: String,
    arguments: [String] = [],
    in directory: TemporaryDirectory
  ) async throws {
    let process = try ScriptProcess(
      executable: fun,
      script: try directory.write(script, to: "portable.fun"),
      stateDirectory: directory.path("state"),
      errorFile: directory.url.appendingPathComponent("errors.txt"),
      arguments: ["--profile", "portable"] + arguments
    )
    let exit = try await blocking { process.waitForExit() }
    #expect(exit == ScriptProcess.Exit(status: 0, wasSignalled: false), "stderr: \(process.errors)")
  }

  @Test("Copied alone into another folder, fun loads the bundled catalog compiled into it")
  func bundledCatalog() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fun = try await copyFun(into: directory)
    try await run(fun, script: "wait 1s\nexpect-not ✗\nexpect SwiftUI\n", in: directory)
  }

  @Test("Copied alone into another folder, fun fetches an http catalog in process")
  func httpCatalog() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fun = try await copyFun(into: directory)
    let site = directory.url.appendingPathComponent("site", isDirectory: true)
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    let item = #"{"id":"pelican","title":"Portable Pelican","subtitle":"s","category":"c","description":"d"}"#
    try Data(#"{"items":[\#(item)]}"#.utf8).write(to: site.appendingPathComponent("catalog.json"))
    let server = try await StaticFileServer.start(serving: site)
    defer { server.stop() }

    try await run(
      fun,
      script: "wait 1s\nexpect-not ✗\nexpect Portable Pelican\nexpect-not SwiftUI\n",
      arguments: ["--catalog", server.url("catalog.json")],
      in: directory
    )
  }
}
