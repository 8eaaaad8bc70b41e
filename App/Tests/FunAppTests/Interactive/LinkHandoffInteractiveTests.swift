import Foundation
import FunLinkHandoffTestSupport
import FunModel
import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunFrontend
@testable import FunLinkHandoff

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Links handed to a running interactive `fun`: real `fun` processes in
/// pseudo-terminals, a second `fun --open` process or a raw client on `<state>/fun.sock`.
///
/// Every wait is for an event (a frame, an answer, an exit), bounded by a generous timeout.
/// The raw hand-offs in these tests wait up to ``SocketClient/timeout`` for the answer, where
/// `fun --open` waits a second (the running fun gives its main actor 10 s to take a link), so a
/// loaded machine cannot make them flaky; the test of the real `fun --open` process tries again
/// only when that second ran out.
@Suite("Links handed to a running fun", .timeLimit(.minutes(3)))
struct LinkHandoffInteractiveTests {
  /// Starts `fun` interactively on `state`, signed in to a profile.
  private func start(state: String, arguments: [String] = []) throws -> InteractiveFun {
    try InteractiveFun.signedIn(stateDirectory: state, arguments: arguments)
  }

  private func waitForScreen(_ fun: InteractiveFun, showing text: String) async throws {
    let shows = try await blocking { fun.waitForScreen(showing: text) }
    #expect(shows, "the screen never showed \(text):\n\(fun.terminal.screen.text)")
  }

  private func quit(_ fun: InteractiveFun) async throws {
    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
  }

  /// Hands `url` over as `fun --open` does, but waiting up to ``SocketClient/timeout``.
  private func handOver(_ url: String, state: String) async throws -> LinkHandoff.Outcome {
    try await blocking {
      LinkHandoff.send(url, to: state + "/fun.sock", timeout: SocketClient.timeout, sanitize: TextSanitizer.sanitize)
    }
  }

  private func log(of state: String) throws -> String {
    try String(contentsOfFile: state + "/fun.log", encoding: .utf8)
  }

  /// Runs `fun` with `arguments` and no terminal; returns its exit status and stderr.
  private func runFun(_ arguments: [String]) async throws -> (status: Int32, errors: String) {
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    return try await blocking {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.environment = FunExecutable.standardEnvironment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
  }

  @Test(
    "`fun --open URL` in another process hands the link to the running fun, whose screen shows it; quitting removes the socket"
  )
  func secondProcessDeliversLink() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let fun = try start(state: state)
    try await waitForScreen(fun, showing: "[Home]")

    // A person's `fun --open` waits 1 s for the acknowledgement; a test machine busy with
    // every other suite may not schedule the running fun within it, so this one waits longer.
    let run = try await runFun(["--open", "funapp://tab/settings", "--state-dir", state, "--open-timeout", "120"])
    #expect(run.status == 0, "fun --open failed: \(run.errors)")
    #expect(run.errors.isEmpty)
    try await waitForScreen(fun, showing: "[Settings]")
    #expect(fun.terminal.screen.text.contains("Featured carousel"))

    try await quit(fun)
    #expect(!FileManager.default.fileExists(atPath: state + "/fun.sock"), "the socket outlived the app")
  }

  @Test("With no fun running, interactive `fun --open URL` starts, opens the link and listens")
  func coldStartOpensAndListens() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let fun = try start(state: state, arguments: ["--open", "funapp://tab/favorites"])
    try await waitForScreen(fun, showing: "[Favorites]")
    #expect(try await handOver("funapp://tab/settings", state: state) == .delivered)
    try await waitForScreen(fun, showing: "[Settings]")
    try await quit(fun)
  }

  @Test("Garbage, 1 MiB, a silent connection and 100 at once change nothing; the keyboard still works, and so do links")
  func hostileClients() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let path = state + "/fun.sock"
    let fun = try start(state: state)
    try await waitForScreen(fun, showing: "[Home]")

    let garbage = try SocketClient(connectingTo: path)
    let garbageReply = try await blocking {
      garbage.send([0x00, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x0A])  // NUL, a stray byte, "clear screen"
      return garbage.readToEnd()
    }
    #expect(garbageReply.map { $0.starts(with: Array("error ".utf8)) } == true)

    let flood = try SocketClient(connectingTo: path)
    let floodReply = try await blocking {
      flood.send(Array(repeating: UInt8(ascii: "x"), count: 1 << 20))
      return flood.readToEnd()
    }
    #expect(floodReply.map { String(decoding: $0, as: UTF8.self) } == "error the request is longer than 4096 bytes\n")

    // 101 descriptors here, while other suites hold theirs: more than macOS's default soft
    // limit of 256 allows for sure.
    #expect(OpenFileLimit.raise(toAtLeast: 4096) >= 1024, "too few open files allowed for 100 clients")
    let silent = try SocketClient(connectingTo: path)
    let crowd = try (0..<100).map { _ in try SocketClient(connectingTo: path) }

    // With every one of them still connected, the app answers the keyboard at once.
    try fun.press("2")
    try await waitForScreen(fun, showing: "[Search]")
    try fun.press("4")
    try await waitForScreen(fun, showing: "[Profile]")
    #expect(!fun.terminal.screen.text.contains("✗"), "a client's bytes made the app show an error")

    silent.close()
    for client in crowd { client.close() }
    #expect(try await handOver("funapp://tab/settings", state: state) == .delivered)
    try await waitForScreen(fun, showing: "[Settings]")
    #expect(try log(of: state).contains("ignored a link request"))
    try await quit(fun)
    #expect(try fun.terminal.modes() == fun.modesBefore)
  }

  @Test("The socket of a fun killed with SIGKILL is stale: `--open` starts anew, and the next fun replaces it")
  func staleSocketAfterKill() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let killed = try start(state: state)
    try await waitForScreen(killed, showing: "[Home]")
    killed.send(SIGKILL)
    let exit = try await blocking { killed.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: SIGKILL, wasSignalled: true))
    #expect(FileManager.default.fileExists(atPath: state + "/fun.sock"), "SIGKILL left no socket to test with")
    #expect(try await handOver("funapp://tab/settings", state: state) == .noInstance)

    let next = try start(state: state)
    try await waitForScreen(next, showing: "[Home]")
    #expect(try log(of: state).contains("replaced the stale socket \(state)/fun.sock"))
    #expect(try await handOver("funapp://tab/settings", state: state) == .delivered)
    try await waitForScreen(next, showing: "[Settings]")
    try await quit(next)
  }

  @Test(
    "A second interactive fun on a live socket does not listen, says why in the log, and leaves the socket to the first"
  )
  func secondInstanceDoesNotListen() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let first = try start(state: state)
    try await waitForScreen(first, showing: "[Home]")
    let second = try start(state: state)
    try await waitForScreen(second, showing: "[Home]")
    #expect(try log(of: state).contains("not listening for links: another fun is listening on \(state)/fun.sock"))

    #expect(try await handOver("funapp://tab/settings", state: state) == .delivered)
    try await waitForScreen(first, showing: "[Settings]")
    #expect(!second.terminal.screen.text.contains("[Settings]"))

    try await quit(second)
    #expect(
      FileManager.default.fileExists(atPath: state + "/fun.sock"), "the second fun removed the first one's socket")
    #expect(try await handOver("funapp://tab/favorites", state: state) == .delivered)
    try await waitForScreen(first, showing: "[Favorites]")
    try await quit(first)
    #expect(!FileManager.default.fileExists(atPath: state + "/fun.sock"))
  }

  @Test("`--open` with a link Fun does not know: a message on stderr and exit 2, before anything starts")
  func invalidLinkExitsTwo() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let run = await FunRun.run(["--open", "funapp://nowhere", "--state-dir", state])
    #expect(run.status == 2)
    #expect(run.errors.first?.hasPrefix("fun: Cannot open funapp://nowhere") == true, "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: state))

    // The message is for a person: in their language, the reason included.
    let german = await FunRun.run(
      ["--open", "funapp://tab/inbox", "--state-dir", state], environment: ["LANG": "de_DE.UTF-8"])
    #expect(german.status == 2)
    #expect(german.errors.first == "fun: funapp://tab/inbox kann nicht geöffnet werden: unbekannter Tab „inbox“")
  }

  @Test(
    "A link with a line break opens whole in a running fun, as with none; one too long is refused the same way by both, in German too"
  )
  func linksActTheSameWithOrWithoutARunningFun() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let long = "funapp://search?q=" + String(repeating: "a", count: DeepLink.maximumLength)
    let reason = "länger als 4.000 Bytes (gezählt mit prozentkodierten Sonderzeichen)"
    let alone = await FunRun.run(["--open", long, "--state-dir", state, "--lang", "de"])
    #expect(alone.status == 2)
    #expect(alone.errors.first?.hasSuffix(reason) == true, "\(alone.errors)")

    let fun = try start(state: state)
    try await waitForScreen(fun, showing: "[Home]")
    let split = try await runFun(["--open", "funapp://search?q=a\nb", "--state-dir", state, "--open-timeout", "120"])
    #expect(split.status == 0, "fun --open failed: \(split.errors)")
    try await waitForScreen(fun, showing: "Search: a b")

    let handed = try await runFun(["--open", long, "--state-dir", state, "--lang", "de"])
    #expect(handed.status == 2)
    #expect(handed.errors.hasPrefix("fun: ") && handed.errors.hasSuffix(reason + "\n"), "\(handed.errors)")
    try await quit(fun)
  }

  @Test("`--open` from a launcher (no terminal on stdin, no script asked) with no fun running says so and exits 1")
  func launcherWithNoFunRunning() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    let launcher = StandardStreams(inputIsTerminal: false, outputIsTerminal: false)

    let run = await FunRun.run(["--open", "funapp://tab/favorites", "--state-dir", state], streams: launcher)
    #expect(run.status == 1)
    #expect(run.output.isEmpty, "\(run.output)")
    #expect(
      run.errors == [
        "fun: no fun is running on \(state) to take the link, and with no terminal on standard input this run "
          + "cannot show it: start fun on that state folder first, or run fun --script - to open the link in a "
          + "script's run"
      ])
  }

  @Test("`--open` to a listener that never answers: it says so and exits 1 after a second")
  func noAcknowledgementExitsOne() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    #expect(mkdir(state, 0o700) == 0)
    let mute = try SilentListener(at: state + "/fun.sock")

    let run = await FunRun.run(["--open", "funapp://tab/home", "--state-dir", state])
    #expect(run.status == 1)
    #expect(
      run.errors.first?.hasPrefix("fun: no acknowledgement from the fun running on \(state)/fun.sock within 1 s")
        == true,
      "\(run.errors)")
    withExtendedLifetime(mute) {}
  }

  @Test("Script mode never listens, and `--open` with `--script` never hands off: the script's own app routes it")
  func scriptModeNeitherListensNorHandsOff() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    #expect(mkdir(state, 0o700) == 0)
    let script = directory.path("show.fun")
    #expect(FileManager.default.createFile(atPath: script, contents: Data("wait 1s\nshow\n".utf8)))

    let alone = await FunRun.run(["--script", script, "--state-dir", state, "--profile", "tester"])
    #expect(alone.status == 0)
    #expect(!FileManager.default.fileExists(atPath: state + "/fun.sock"))
    #expect(!(try log(of: state)).contains("listening for links"))

    let mute = try SilentListener(at: state + "/fun.sock")
    let run = await FunRun.run([
      "--script", script, "--state-dir", state, "--profile", "tester", "--open", "funapp://tab/settings",
    ])
    #expect(run.status == 0)
    #expect(run.lastFrame?.text.contains("[Settings]") == true)
    #expect(!mute.hasWaitingConnection, "script mode connected to the socket")
  }
}
