import Dispatch
import Foundation
import FunLinkHandoffTestSupport
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunLinkHandoff
@testable import FunModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The links a listener handed to the main actor, in order.
@MainActor
private final class DeliveredLinks {
  var links: [String] = []
}

/// A logger a test can wait on: ``waitForMessage(startingWith:)`` returns once such a message
/// is logged, from whichever thread, without the main actor.
private final class AwaitableLogger: LoggerService {
  private let messages = Locked<[String]>([])
  private let logged = DispatchSemaphore(value: 0)

  func log(_ level: LogLevel, _ message: String, category: String) {
    messages.withLock { $0.append(message) }
    logged.signal()
  }

  /// Waits (blocking the caller) until a message starting with `prefix` has been logged;
  /// returns whether one was within ``SocketClient/timeout``.
  func waitForMessage(startingWith prefix: String) -> Bool {
    let deadline = DispatchTime.now() + SocketClient.timeout.inSeconds
    while !messages.withLock({ $0.contains { $0.hasPrefix(prefix) } }) {
      guard logged.wait(timeout: deadline) == .success else { return false }
    }
    return true
  }
}

/// The listener and the client of the link hand-off, in process: a client's link reaches the
/// main actor and is acknowledged; nothing a client does wrong reaches it.
///
/// Deadlines that are not under test are an hour: a loaded machine and a main actor shared with
/// every other suite once kept a test waiting over a minute, and a deadline passing mid-test
/// would change what it sees. Every wait is for an event (an answer, a closed connection), and
/// the suite's time limit bounds a hang.
@Suite("Link listener", .timeLimit(.minutes(2)))
struct LinkListenerTests {
  private static let generous: Duration = .seconds(3600)

  private struct Running {
    let listener: LinkListener
    let delivered: DeliveredLinks
    let logger: MockLoggerService
    let configuration: LinkListener.Configuration
    var path: String { configuration.socketPath }
  }

  /// A listener's configuration for a socket in `directory`, with the generous deadlines and
  /// `kernel`'s answers.
  private func configuration(
    in directory: SocketDirectory,
    kernel: SimulatedKernel = .native
  ) -> LinkListener.Configuration {
    var configuration = LinkListener.Configuration(
      socketPath: directory.path("state/fun.sock"), sanitize: TestSanitizer.sanitize)
    configuration.deadline = Self.generous
    configuration.acknowledgementDeadline = Self.generous
    configuration.calls = kernel.calls
    return configuration
  }

  /// Runs `body` with a listener on a socket in a new directory, with the generous deadlines
  /// unless `deadline` is given; stops the listener and removes the directory afterwards.
  @MainActor
  private func withListener(
    deadline: Duration = generous,
    maximumConnections: Int = 8,
    user: uid_t = geteuid(),
    _ body: (Running) async throws -> Void
  ) async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    var configuration = configuration(in: directory)
    configuration.deadline = deadline
    configuration.maximumConnections = maximumConnections
    configuration.user = user
    let running = try start(configuration)
    defer { running.listener.stop() }
    try await body(running)
  }

  /// The message of a hand-off that failed; records an issue, and returns `nil`, for one that
  /// did not.
  private func failureMessage(of outcome: LinkHandoff.Outcome) -> String? {
    guard case .failed(let text) = outcome else {
      Issue.record("expected the hand-off to fail, got \(outcome)")
      return nil
    }
    return text.description
  }

  @MainActor
  private func start(_ configuration: LinkListener.Configuration) throws -> Running {
    let delivered = DeliveredLinks()
    let logger = MockLoggerService()
    let listener = try LinkListener.start(configuration, tasks: TaskTracker(), logger: logger) {
      delivered.links.append($0)
    }
    return Running(listener: listener, delivered: delivered, logger: logger, configuration: configuration)
  }

  private func handOver(
    _ url: String,
    to path: String,
    timeout: Duration = generous,
    calls: SocketCalls = .system
  ) async throws -> LinkHandoff.Outcome {
    try await blocking {
      LinkHandoff.send(url, to: path, timeout: timeout, sanitize: TestSanitizer.sanitize, calls: calls)
    }
  }

  @Test("A link handed over reaches the main actor before the client hears `ok`")
  @MainActor
  func deliversAndAcknowledges() async throws {
    try await withListener { running in
      let first = try await handOver("funapp://item/swiftui", to: running.path)
      #expect(first == .delivered)
      #expect(running.delivered.links == ["funapp://item/swiftui"])
      let second = try await handOver("https://fun.example/tab/settings", to: running.path)
      #expect(second == .delivered)
      #expect(running.delivered.links == ["funapp://item/swiftui", "https://fun.example/tab/settings"])
    }
  }

  @Test("The socket is 0600, its folder's mode is left as it was; stop removes the socket")
  @MainActor
  func permissionsAndCleanUp() throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    #expect(mkdir(state, 0o755) == 0)
    #expect(chmod(state, 0o750) == 0)
    let running = try start(configuration(in: directory))
    #expect(TemporaryDirectory.permissions(atPath: running.path) == 0o600)
    #expect(TemporaryDirectory.permissions(atPath: state) == 0o750)

    running.listener.stop()
    #expect(!FileManager.default.fileExists(atPath: running.path))
    running.listener.stop()  // a second stop does nothing
  }

  @Test("A folder others can write is refused and left as it was: no socket, no chmod")
  @MainActor
  func folderOpenToOthersIsRefused() throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let state = directory.path("state")
    #expect(mkdir(state, 0o700) == 0)
    #expect(chmod(state, 0o777) == 0)
    #expect {
      try start(configuration(in: directory))
    } throws: { error in
      guard case LinkListener.NotListening.unsafeDirectory(let path, let reason) = error else { return false }
      return path == state && reason.contains("chmod go-w")
    }
    #expect(TemporaryDirectory.permissions(atPath: state) == 0o777)
    #expect(!FileManager.default.fileExists(atPath: state + "/fun.sock"))
  }

  @Test("Not a link, not the protocol, not UTF-8, too long: answered `error`, logged, and nothing is delivered")
  @MainActor
  func malformedRequests() async throws {
    try await withListener { running in
      let requests: [([UInt8], String)] = [
        (Array("open funapp://nowhere\n".utf8), "error Cannot open funapp://nowhere"),
        (Array("hello\n".utf8), "error unknown request"),
        ([0x6F, 0x70, 0x65, 0x6E, 0x20, 0xC3, 0x28, 0x0A], "error the request is not UTF-8"),
        (Array(repeating: UInt8(ascii: "a"), count: 5000), "error the request is longer than 4096 bytes"),
        (Array(repeating: UInt8(ascii: "a"), count: 1 << 20), "error the request is longer than 4096 bytes"),
      ]
      for (request, expected) in requests {
        let client = try SocketClient(connectingTo: running.path)
        let reply = try await blocking {
          client.send(request)
          return client.readToEnd()
        }
        let text = reply.map { String(decoding: $0, as: UTF8.self) }
        #expect(text?.hasPrefix(expected) == true, "\(request.prefix(30)): \(String(describing: text))")
        #expect(text?.hasSuffix("\n") == true)
      }
      #expect(running.delivered.links.isEmpty)
      #expect(running.logger.entries.filter { $0.message.hasPrefix("ignored a link request") }.count == requests.count)
      #expect(try await handOver("funapp://tab/home", to: running.path) == .delivered)
    }
  }

  @Test(
    "A refused link's control characters show escaped (\\u{1B}) in the answer and the log, the rest of the reason kept"
  )
  @MainActor
  func refusedLinkIsLoggedAsSent() async throws {
    try await withListener { running in
      let requests: [(String, String)] = [
        (
          "open funapp://item/swift\u{1B}[2Jui\n",
          "error Cannot open funapp://item/swift\\u{1B}[2Jui: invalid item id \"swift\\u{1B}[2Jui\"\n"
        ),
        ("open funapp://tab/home\u{0}\n", "error Cannot open funapp://tab/home\\u{00}: unknown tab \"home\\u{00}\"\n"),
      ]
      for (request, expected) in requests {
        let client = try SocketClient(connectingTo: running.path)
        let reply = try await blocking {
          client.send(Array(request.utf8))
          return client.readToEnd()
        }
        #expect(reply.map { String(decoding: $0, as: UTF8.self) } == expected)
      }
      let logged = running.logger.entries.filter { $0.message.hasPrefix("ignored a link request") }.map(\.message)
      #expect(logged.count == 2)
      #expect(logged.first?.contains("funapp://item/swift\\u{1B}[2Jui") == true)
      #expect(logged.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\u{0}") })
    }
  }

  @Test("A refused link of 4 KiB is logged once, cut to a few hundred characters, however it is refused")
  @MainActor
  func refusedLongLinkIsLoggedOnceAndShort() async throws {
    try await withListener { running in
      let filler = String(repeating: "x", count: 3_900)
      // The reason quotes the link again: an item id, a tab name, a destination; and a link
      // past the length limit.
      let links = [
        "funapp://item/\(filler)", "funapp://tab/\(filler)", "funapp://\(filler)",
        String("funapp://item/\(filler)\(filler)".prefix(4_050)), "funapp://tab/\u{1B}\(filler)",
      ]
      for link in links {
        let client = try SocketClient(connectingTo: running.path)
        let reply = try await blocking {
          client.send(Array("open \(link)\n".utf8))
          return client.readToEnd()
        }
        #expect(reply.map { String(decoding: $0, as: UTF8.self).hasPrefix("error ") } == true)
      }
      let mentions = running.logger.entries.filter { $0.message.contains("xxxxxxxxxx") }
      #expect(mentions.count == links.count)
      #expect(mentions.allSatisfy { $0.message.count <= 250 }, "\(mentions.map(\.message.count))")
      #expect(mentions.allSatisfy { $0.message.hasSuffix("…") })
      #expect(mentions.last?.message.contains("funapp://tab/\\u{1B}xx") == true)
    }
  }

  @Test("The client refuses a bad link without sending it; a listener that says `error` makes the hand-off fail")
  @MainActor
  func clientReportsRefusal() async throws {
    try await withListener { running in
      let message = failureMessage(of: try await handOver("funapp://nowhere", to: running.path))
      #expect(message?.hasPrefix("the running fun refused the link: Cannot open funapp://nowhere") == true)
      #expect(running.delivered.links.isEmpty)
    }
  }

  @Test("A connection that sends nothing, or half a request, is closed at its deadline; the listener serves on")
  @MainActor
  func silentConnectionsTimeOut() async throws {
    try await withListener(deadline: .milliseconds(200)) { running in
      let silent = try SocketClient(connectingTo: running.path)
      let half = try SocketClient(connectingTo: running.path)
      half.send(Array("open funapp://tab/home".utf8))
      let silentEnd = try await blocking { silent.readToEnd() }
      let halfEnd = try await blocking { half.readToEnd() }
      #expect(silentEnd == [], "the silent connection was not closed without an answer")
      #expect(halfEnd == [], "the half request was not closed without an answer")
      #expect(running.delivered.links.isEmpty)
      #expect(
        running.logger.entries.filter { $0.message.hasPrefix("closed a link connection that sent no") }.count == 2)
    }
  }

  @Test("At most maximumConnections are served at once; the next waits its turn in the queue")
  @MainActor
  func limitsConcurrentConnections() async throws {
    try await withListener(maximumConnections: 2) { running in
      let held = try [SocketClient(connectingTo: running.path), SocketClient(connectingTo: running.path)]

      // Both places are taken until the deadline (an hour): a third client's own 300 ms run out.
      let waiting = try await handOver("funapp://tab/search", to: running.path, timeout: .milliseconds(300))
      #expect(failureMessage(of: waiting)?.hasPrefix("no acknowledgement") == true)

      let next = Task { try await handOver("funapp://tab/settings", to: running.path) }
      held[0].close()
      #expect(try await next.value == .delivered)
      // The client that gave up is not served after all: it was told its link was not taken.
      #expect(running.delivered.links == ["funapp://tab/settings"])
      #expect(
        running.logger.entries.contains {
          $0.message.hasPrefix("dropped a handed-over link whose client had given up")
        })
      #expect(!held[1].peerHasClosed)
    }
  }

  /// Starts a listener whose log a test can wait on, with the main actor held by the test.
  @MainActor
  private func startAwaitable(
    _ configuration: LinkListener.Configuration,
    tasks: TaskTracker = TaskTracker()
  ) throws -> (LinkListener, DeliveredLinks, AwaitableLogger) {
    let delivered = DeliveredLinks()
    let logger = AwaitableLogger()
    let listener = try LinkListener.start(configuration, tasks: tasks, logger: logger) {
      delivered.links.append($0)
    }
    return (listener, delivered, logger)
  }

  @Test("A link the app has not taken when the listener stops is never delivered; its client is not answered")
  @MainActor
  func stopDropsUntakenLinks() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let tasks = TaskTracker()
    let (listener, delivered, logger) = try startAwaitable(configuration(in: directory), tasks: tasks)

    // The test holds the main actor until the listener has stopped.
    let client = try SocketClient(connectingTo: directory.path("state/fun.sock"))
    client.send(Array("open funapp://tab/search\n".utf8))
    #expect(logger.waitForMessage(startingWith: "received a link"))
    #expect(tasks.busyTaskNames == ["handed-over link"])
    listener.stop()
    #expect(!FileManager.default.fileExists(atPath: directory.path("state/fun.sock")))

    // The main actor is free again: the queued hand-off runs (its turn comes after every other
    // suite's main-actor work, so only the suite's time limit bounds it) and finds its link gone.
    try await tasks.waitUntilIdle(timeout: Self.generous)
    #expect(delivered.links.isEmpty)
    #expect(try await blocking { client.readToEnd() } == [])
  }

  /// A listener with `kernel`'s answers whose log the test can wait on, and a client that has
  /// sent it `request`; ``end()`` stops the listener and removes its folder.
  private struct HeldHandoff {
    let directory: SocketDirectory
    let listener: LinkListener
    let delivered: DeliveredLinks
    let logger: AwaitableLogger
    let client: SocketClient
    /// The tasks the listener hands links over in.
    let tasks: TaskTracker
    var path: String { directory.path("state/fun.sock") }

    func end() {
      listener.stop()
      directory.remove()
    }
  }

  @MainActor
  private func handOff(_ request: String, kernel: SimulatedKernel) throws -> HeldHandoff {
    let directory = try SocketDirectory()
    let tasks = TaskTracker()
    let (listener, delivered, logger) = try startAwaitable(configuration(in: directory, kernel: kernel), tasks: tasks)
    let client = try SocketClient(connectingTo: directory.path("state/fun.sock"))
    client.send(Array(request.utf8))
    return HeldHandoff(
      directory: directory, listener: listener, delivered: delivered, logger: logger, client: client, tasks: tasks)
  }

  @Test(
    "A link whose client hangs up while the app is busy is dropped, not opened later: seen as the end of its input",
    arguments: SimulatedKernel.allCases
  )
  @MainActor
  func clientGivesUpOnBusyApp(kernel: SimulatedKernel) async throws {
    // The test holds the main actor, as a stuck app would, while it waits for the listener.
    let held = try handOff("open funapp://tab/search\n", kernel: kernel)
    defer { held.end() }
    #expect(held.logger.waitForMessage(startingWith: "received a link"))
    held.client.close()
    #expect(held.logger.waitForMessage(startingWith: "dropped a handed-over link whose client had given up"))

    // The main actor is free again: the queued hand-off finds its link gone.
    #expect(try await handOver("funapp://tab/settings", to: held.path) == .delivered)
    #expect(held.delivered.links == ["funapp://tab/settings"])
  }

  @Test(
    "A client that stops sending after its request (as `nc -N` does) still hears `ok`; bytes after a request are dropped",
    arguments: SimulatedKernel.allCases
  )
  @MainActor
  func clientThatStopsSendingIsAnswered(kernel: SimulatedKernel) async throws {
    // The test holds the main actor while the listener sees the request, the bytes after it
    // and the end of the client's input.
    let held = try handOff("open funapp://tab/search\n" + String(repeating: "x", count: 10_000), kernel: kernel)
    defer { held.end() }
    held.client.finishSending()
    #expect(held.logger.waitForMessage(startingWith: "received a link"))
    // The hand-off needs a turn on the main actor, which every suite in the process shares:
    // only the suite's time limit bounds that wait, not the client's 30 s read timeout. Once
    // the app has taken the link, the answer is the listener's alone.
    try await held.tasks.waitUntilIdle(timeout: Self.generous)
    let client = held.client
    #expect(try await blocking { client.readToEnd() } == Array("ok\n".utf8))
    #expect(held.delivered.links == ["funapp://tab/search"])
  }

  @Test("A link the app does not take within the acknowledgement deadline is dropped and its client left unanswered")
  @MainActor
  func busyAppLetsLinksExpire() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    var configuration = configuration(in: directory)
    configuration.acknowledgementDeadline = .milliseconds(200)
    let tasks = TaskTracker()
    let (listener, delivered, logger) = try startAwaitable(configuration, tasks: tasks)
    defer { listener.stop() }

    // The test holds the main actor, as a stuck app would, until the deadline has passed.
    let client = try SocketClient(connectingTo: configuration.socketPath)
    client.send(Array("open funapp://tab/favorites\n".utf8))
    #expect(logger.waitForMessage(startingWith: "the app did not take a handed-over link"))
    #expect(client.readToEnd() == [], "the client of a dropped link was answered")
    #expect(tasks.busyTaskNames == ["handed-over link"])

    // The main actor is free again: the queued hand-off runs (its turn comes after every other
    // suite's main-actor work, so only the suite's time limit bounds it) and finds its link gone.
    try await tasks.waitUntilIdle(timeout: Self.generous)
    #expect(delivered.links.isEmpty)
  }

  @Test("A connection from another user is closed unanswered and its link never delivered")
  @MainActor
  func refusesOtherUsers() async throws {
    try await withListener(user: geteuid() &+ 1) { running in
      let message = failureMessage(of: try await handOver("funapp://tab/home", to: running.path))
      #expect(message?.contains("closed the connection") == true)
      #expect(running.delivered.links.isEmpty)
      #expect(
        running.logger.entries.contains { $0.message.hasPrefix("refused a link connection from user \(geteuid())") })
    }
  }

  @Test("A client that hangs up before the answer costs the listener nothing (no SIGPIPE)")
  @MainActor
  func clientsThatHangUp() async throws {
    try await withListener { running in
      for request in ["open funapp://tab/favorites\n", "garbage\n"] {
        let client = try SocketClient(connectingTo: running.path)
        client.send(Array(request.utf8))
        client.close()
      }
      #expect(try await handOver("funapp://tab/profile", to: running.path) == .delivered)
      #expect(running.delivered.links.last == "funapp://tab/profile")
    }
  }

  @Test("A second listener on a live socket does not listen, and the first keeps serving")
  @MainActor
  func liveSocketIsLeftAlone() async throws {
    try await withListener { first in
      #expect(throws: LinkListener.NotListening.anotherInstance(first.path)) {
        _ = try start(first.configuration)
      }
      let outcome = try await handOver("funapp://tab/search", to: first.path)
      #expect(outcome == .delivered)
      #expect(first.delivered.links == ["funapp://tab/search"])
    }
  }

  /// Leaves what a killed instance would: a socket file at `path` (in `directory`'s `state`
  /// folder, made here), bound and closed, that nobody listens on.
  private func leaveStaleSocket(at path: String, in directory: SocketDirectory) throws {
    #expect(mkdir(directory.path("state"), 0o700) == 0)
    let stale = try UnixSocket.open()
    try stale.bind(to: path)
    stale.close()
  }

  @Test("A stale socket (bound, nobody listening) is replaced; the client meanwhile finds no instance")
  @MainActor
  func staleSocketIsReplaced() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let configuration = configuration(in: directory)
    try leaveStaleSocket(at: configuration.socketPath, in: directory)
    #expect(try await handOver("funapp://tab/home", to: configuration.socketPath) == .noInstance)

    let running = try start(configuration)
    defer { running.listener.stop() }
    #expect(running.logger.entries.contains { $0.message.hasPrefix("replaced the stale socket") })
    #expect(try await handOver("funapp://tab/home", to: running.path) == .delivered)
  }

  @Test("Of listeners starting together over a stale socket, exactly one listens")
  func startingTogether() async throws {
    for _ in 0..<20 {
      let directory = try SocketDirectory()
      defer { directory.remove() }
      let configuration = configuration(in: directory)
      try leaveStaleSocket(at: configuration.socketPath, in: directory)
      let results = await withTaskGroup(of: Result<LinkListener, LinkListener.NotListening>.self) { group in
        for _ in 0..<3 {
          group.addTask {
            await withCheckedContinuation { continuation in
              Thread {
                continuation.resume(
                  returning: Result { () throws(LinkListener.NotListening) in
                    try LinkListener.start(configuration, tasks: TaskTracker(), logger: MockLoggerService()) { _ in }
                  })
              }.start()
            }
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      let listening = results.compactMap { try? $0.get() }
      let refusals = results.compactMap { result -> LinkListener.NotListening? in
        guard case .failure(let reason) = result else { return nil }
        return reason
      }
      #expect(listening.count == 1)
      #expect(refusals == [.anotherInstance(configuration.socketPath), .anotherInstance(configuration.socketPath)])
      for listener in listening {
        #expect(try await handOver("funapp://tab/home", to: configuration.socketPath) == .delivered)
        listener.stop()
      }
    }
  }

  @Test("Stop leaves a socket file that is no longer its own")
  @MainActor
  func stopLeavesAnotherSocket() throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let running = try start(configuration(in: directory))
    #expect(unlink(running.path) == 0)
    let other = try UnixSocket.open()
    defer { other.close() }
    try other.bind(to: running.path)
    running.listener.stop()
    #expect(FileManager.default.fileExists(atPath: running.path))
  }

  @Test("A path too long for a socket address, or a file in the way, means no listening; neither is touched")
  @MainActor
  func cannotListen() throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let long = directory.path(String(repeating: "d", count: 120) + "/fun.sock")
    #expect(throws: LinkListener.NotListening.pathTooLong(long)) {
      _ = try start(LinkListener.Configuration(socketPath: long, sanitize: TestSanitizer.sanitize))
    }
    #expect(!FileManager.default.fileExists(atPath: (long as NSString).deletingLastPathComponent))
    #expect(LinkHandoff.send("funapp://tab/home", to: long, sanitize: TestSanitizer.sanitize) == .noInstance)

    let configuration = configuration(in: directory)
    #expect(mkdir(directory.path("state"), 0o700) == 0)
    #expect(FileManager.default.createFile(atPath: configuration.socketPath, contents: Data("mine".utf8)))
    #expect(throws: LinkListener.NotListening.notASocket(configuration.socketPath)) {
      _ = try start(configuration)
    }
    #expect(FileManager.default.contents(atPath: configuration.socketPath) == Data("mine".utf8))
  }

  @Test(
    "A file in the way is no instance to the client and not a socket to the listener, refused as Linux (ECONNREFUSED) or macOS (ENOTSOCK) refuses it",
    arguments: [ECONNREFUSED, ENOTSOCK]
  )
  @MainActor
  func fileInTheWay(refusal: Int32) async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    var configuration = configuration(in: directory)
    configuration.calls = SimulatedKernel.connectAnswering(refusal)
    #expect(mkdir(directory.path("state"), 0o700) == 0)
    #expect(FileManager.default.createFile(atPath: configuration.socketPath, contents: Data("mine".utf8)))

    let outcome = try await handOver("funapp://tab/home", to: configuration.socketPath, calls: configuration.calls)
    #expect(outcome == .noInstance)
    #expect(throws: LinkListener.NotListening.notASocket(configuration.socketPath)) {
      _ = try start(configuration)
    }
    #expect(FileManager.default.contents(atPath: configuration.socketPath) == Data("mine".utf8))
  }

  @Test(
    "A live listener whose connections are refused (macOS refuses while its queue is full) keeps its socket: the client hears it is busy, a second listener does not listen"
  )
  @MainActor
  func refusedButAlive() async throws {
    try await withListener { first in
      let refusing = SimulatedKernel.connectAnswering(ECONNREFUSED)
      let outcome = try await handOver("funapp://tab/search", to: first.path, calls: refusing)
      #expect(failureMessage(of: outcome)?.contains("is busy") == true)

      var second = first.configuration
      second.calls = refusing
      #expect(throws: LinkListener.NotListening.anotherInstance(first.path)) {
        _ = try start(second)
      }
      #expect(FileManager.default.fileExists(atPath: first.path))
      #expect(try await handOver("funapp://tab/settings", to: first.path) == .delivered)
      #expect(first.delivered.links == ["funapp://tab/settings"])
    }
  }

  @Test("A socket path fits an address by the byte: 103 on macOS (104 with its NUL), 107 on Linux (108)")
  func pathBudgets() throws {
    let macOS = 104
    let linux = 108
    #expect(UnixSocket.fits(String(repeating: "a", count: 103), capacity: macOS))
    #expect(!UnixSocket.fits(String(repeating: "a", count: 104), capacity: macOS))
    #expect(UnixSocket.fits(String(repeating: "a", count: 107), capacity: linux))
    #expect(!UnixSocket.fits(String(repeating: "a", count: 108), capacity: linux))
    #expect(UnixSocket.maximumPathLength == UnixSocket.addressCapacity - 1)

    // A state folder under macOS's $TMPDIR (`/var/folders/…/T/`) makes a socket path of 109: too long on
    // both. The tests' socket folders fit both. (The path's names are a 3-letter app's, spelled
    // so that a renamed app keeps the same length.)
    let underTemporaryFolder =
      "/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T/AppTests-\(UUID().uuidString)/state/app.sock"
    #expect(underTemporaryFolder.utf8.count == 109)
    #expect(
      !UnixSocket.fits(underTemporaryFolder, capacity: macOS) && !UnixSocket.fits(underTemporaryFolder, capacity: linux)
    )
    #expect(UnixSocket.fits(SocketDirectory.longestSocketPath, capacity: macOS))
    let directory = try SocketDirectory()
    defer { directory.remove() }
    #expect(directory.path("state/fun.sock").utf8.count <= SocketDirectory.longestSocketPath.utf8.count)
  }

  @Test("No socket means no instance; a listener that never answers means no acknowledgement, within the timeout")
  func clientOutcomes() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let path = directory.path("fun.sock")
    #expect(try await handOver("funapp://tab/home", to: path) == .noInstance)

    let mute = try SilentListener(at: path)
    let outcome = try await handOver("funapp://tab/home", to: path, timeout: .milliseconds(200))
    #expect(
      failureMessage(of: outcome)?.hasPrefix("no acknowledgement from the fun running on \(path) within 0.2 s") == true)
    withExtendedLifetime(mute) {}
  }
}
