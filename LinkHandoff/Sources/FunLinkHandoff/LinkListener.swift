import Foundation
import FunCore
import FunModel
import FunServices

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Listens on `<state>/fun.sock` while an interactive `fun` runs, and hands each link that a
/// `fun --open URL` sends (`LinkHandoffMessage`) to the app, which routes it as a
/// notification tap would.
///
/// Nothing a client does can block, crash or slow the app. The listener serves on a thread of
/// its own, never on the main actor, with non-blocking sockets and one `poll`: it serves only
/// its own user (the kernel's record of the peer, `SO_PEERCRED` or `getpeereid`), reads at most
/// 4 KiB of a request, gives each connection a second to send it (and the app ten to take its
/// link), and serves at most eight at once (the rest wait in the kernel's queue). A link
/// reaches the main actor only once it parses as a ``/FunModel/DeepLink``; anything malformed is
/// answered with `error <reason>`, logged and ignored. Sends never raise SIGPIPE.
///
/// A listener holds `<state>/fun.sock.lock` (`OwnerLock`) from the moment it claims the socket
/// (``start(socketPath:sanitize:tasks:logger:deliver:)``) until it stops, so a socket is stale
/// exactly when nobody holds that lock: a socket that refuses connections while its owner lives
/// (macOS refuses while the queue is full) is never taken for a stale one. Of instances starting together one takes
/// the lock and listens; a stale socket (its instance was killed) is replaced by that one.
/// ``stop()`` removes the socket file if it is still this listener's, then lets the lock go.
public final class LinkListener: Sendable {
  /// Where and how the listener serves; tests shorten the deadline and change the limits.
  struct Configuration: Sendable {
    /// The socket's path, `<state>/fun.sock`.
    var socketPath: String
    /// Makes text from a client safe for a reply and the log (the app's terminal sanitiser):
    /// no control characters or escape sequences.
    var sanitize: @Sendable (String) -> String
    /// How long an accepted connection has to send its request before it is closed without
    /// an answer.
    var deadline: Duration = .seconds(1)
    /// How long a link may wait for the main actor to take it before it is dropped and its
    /// connection closed unanswered. Longer than `fun --open`'s second, for clients that wait
    /// longer; a client that gives up first (hangs up) has its link dropped at once.
    var acknowledgementDeadline: Duration = .seconds(10)
    /// How many connections are served at once; more wait in the kernel's queue.
    var maximumConnections = 8
    /// How many connections the kernel queues before refusing more: as many as it allows, so a
    /// burst of clients waits its turn rather than being turned away.
    var backlog: Int32 = SOMAXCONN
    /// The one user whose connections are served: the app's own.
    var user: uid_t = geteuid()
    /// The system calls whose answers differ between kernels; tests give the other kernel's.
    var calls = SocketCalls.system

    /// The lock the listener holds while it listens: the socket's path plus `.lock`.
    var lockPath: String {
      OwnerLock.path(forSocket: socketPath)
    }

    /// Serves on `socketPath` with the default deadlines and limits, text from a client made
    /// safe by `sanitize`.
    init(socketPath: String, sanitize: @escaping @Sendable (String) -> String) {
      self.socketPath = socketPath
      self.sanitize = sanitize
    }
  }

  /// Why the app does not listen; the app runs on without taking links from outside.
  public enum NotListening: Error, Equatable, CustomStringConvertible {
    /// The socket's path does not fit in a socket address.
    case pathTooLong(String)
    /// Another instance listens there.
    case anotherInstance(String)
    /// Something that is not a socket is in the way.
    case notASocket(String)
    /// The state directory is not one Fun trusts (another user's, open to others, a link).
    case unsafeDirectory(String, reason: String)
    /// A system call failed; `reason` names it and its error.
    case failed(String, reason: String)

    /// A sentence for the log: what is wrong and, where a person can, what to do about it.
    public var description: String {
      switch self {
      case .pathTooLong(let path):
        "the socket path \(path) is \(path.utf8.count) bytes, longer than the \(UnixSocket.maximumPathLength) "
          + "a socket address holds here: use a shorter --state-dir to take links from `fun --open`"
      case .anotherInstance(let path):
        "another fun is listening on \(path): `fun --open` hands links to that one"
      case .notASocket(let path):
        "\(path) is in the way and is not a socket: remove it to take links from `fun --open`"
      case .unsafeDirectory(let path, let reason):
        "the state directory \(path) cannot hold the link socket: \(reason)"
      case .failed(let path, let reason):
        "cannot listen on \(path): \(reason)"
      }
    }
  }

  /// What the serving thread and the main actor share.
  private struct Handoffs {
    /// Links waiting for the main actor to take them, by hand-off number.
    var pending: Set<Int> = []
    /// Hand-offs the main actor has taken, to be answered `ok`.
    var taken: [Int] = []
    /// Set by ``stop()``.
    var isStopping = false
  }

  /// One accepted connection, owned by the serving thread.
  private struct Connection {
    let socket: UnixSocket
    var received: [UInt8] = []
    var deadline: ContinuousClock.Instant
    /// Set once its link waits for the main actor.
    var handoff: Int?
    /// Set once its client has shut its sending side but still waits for the answer (as
    /// `nc -N` does): it is not polled for input any more, which would be ready at once.
    var hasFinishedSending = false
  }

  private let configuration: Configuration
  private let listening: UnixSocket
  private let ownerLock: OwnerLock
  private let identity: FileIdentity?
  /// Removes the socket file when a signal ends the process (the terminal's signal handler
  /// runs it), so a `fun` killed with `kill -TERM` leaves no stale socket.
  private let signalCleanup: SignalExitCleanup.Registration?
  private let tasks: TaskTracker
  private let logger: any LoggerService
  private let deliver: @MainActor @Sendable (String) -> Void
  private let handoffs = Locked(Handoffs())
  private let waker: Waker

  private static let category = "links"

  /// Claims the socket at `socketPath` (`<state>/fun.sock`) and starts serving; every link a
  /// client hands over is passed to `deliver` on the main actor, in a task started through
  /// `tasks`. Text from a client is made safe for a reply and the log by `sanitize` (the app's
  /// terminal sanitiser).
  /// - Throws: why the app does not listen: the path is too long, another instance listens,
  ///   something else is in the way, or a system call failed.
  public static func start(
    socketPath: String,
    sanitize: @escaping @Sendable (String) -> String,
    tasks: TaskTracker,
    logger: any LoggerService,
    deliver: @escaping @MainActor @Sendable (String) -> Void
  ) throws(NotListening) -> LinkListener {
    try start(Configuration(socketPath: socketPath, sanitize: sanitize), tasks: tasks, logger: logger, deliver: deliver)
  }

  /// ``start(socketPath:sanitize:tasks:logger:deliver:)`` with the deadlines and limits of
  /// `configuration`, which tests change.
  static func start(
    _ configuration: Configuration,
    tasks: TaskTracker,
    logger: any LoggerService,
    deliver: @escaping @MainActor @Sendable (String) -> Void
  ) throws(NotListening) -> LinkListener {
    let path = configuration.socketPath
    guard UnixSocket.fits(path) else { throw .pathTooLong(path) }
    try requireTrusted(directory: (path as NSString).deletingLastPathComponent)
    let waker: Waker
    let socket: UnixSocket
    do throws(UnixSocket.Failure) {
      waker = try Waker()
      socket = try UnixSocket.open()
    } catch {
      throw .failed(path, reason: "\(error)")
    }
    let ownerLock: OwnerLock
    let identity: FileIdentity?
    do throws(NotListening) {
      do throws(OwnerLock.Refusal) {
        ownerLock = try OwnerLock.acquire(path: configuration.lockPath)
      } catch {
        switch error {
        case .held: throw .anotherInstance(path)
        case .unusable(let reason): throw .failed(path, reason: reason)
        }
      }
      // Nobody else holds the lock, so no other `fun` listens here: what is in the way is stale.
      try clearTheWay(to: path, calls: configuration.calls, logger: logger)
      do throws(UnixSocket.Failure) {
        try socket.bind(to: path)
      } catch {
        throw .failed(path, reason: "\(error)")
      }
      do throws(UnixSocket.Failure) {
        guard chmod(path, 0o600) == 0 else { throw UnixSocket.Failure(call: "chmod", code: errno) }
        try socket.listen(backlog: configuration.backlog)
      } catch {
        unlink(path)
        throw .failed(path, reason: "\(error)")
      }
      identity = FileIdentity(path: path)
    } catch {
      socket.close()
      throw error
    }
    let listener = LinkListener(
      configuration: configuration, listening: socket, ownerLock: ownerLock, identity: identity, tasks: tasks,
      logger: logger, deliver: deliver, waker: waker, signalCleanup: SignalExitCleanup.register(path: path))
    let thread = Thread { listener.serve() }
    thread.name = "fun.links"
    thread.start()
    logger.info("listening for links on \(path)", category: category)
    return listener
  }

  private init(
    configuration: Configuration,
    listening: UnixSocket,
    ownerLock: OwnerLock,
    identity: FileIdentity?,
    tasks: TaskTracker,
    logger: any LoggerService,
    deliver: @escaping @MainActor @Sendable (String) -> Void,
    waker: Waker,
    signalCleanup: SignalExitCleanup.Registration?
  ) {
    self.signalCleanup = signalCleanup
    self.configuration = configuration
    self.listening = listening
    self.ownerLock = ownerLock
    self.identity = identity
    self.tasks = tasks
    self.logger = logger
    self.deliver = deliver
    self.waker = waker
  }

  /// Removes the socket file (if it is still this listener's) and stops serving: no link is
  /// delivered after it returns (one not yet taken by the app is dropped, its client
  /// unanswered), and the serving thread closes every connection as it ends, without being
  /// waited for. Safe to call more than once.
  public func stop() {
    let isFirst = handoffs.withLock { state in
      defer {
        state.isStopping = true
        state.pending.removeAll()
      }
      return !state.isStopping
    }
    guard isFirst else { return }
    let path = configuration.socketPath
    // Before the lock goes, so that an instance starting now either cannot take the lock yet
    // or finds no file at all; never a file this one is about to remove.
    signalCleanup?.cancel()
    let removed = identity != nil && FileIdentity(path: path) == identity && unlink(path) == 0
    ownerLock.release()
    waker.wake()
    logger.info("stopped listening for links\(removed ? "; removed \(path)" : "")", category: Self.category)
  }

  // MARK: Claiming the socket

  /// Makes sure `directory` is a state folder Fun trusts (created 0700 if missing; see
  /// `StateFolder`): the socket must not sit where another user could replace it. A folder
  /// that is not trusted is refused, never re-moded.
  private static func requireTrusted(directory: String) throws(NotListening) {
    let directory = directory.isEmpty ? "." : directory
    do throws(StateFolder.Refusal) {
      _ = try StateFolder.claim(URL(fileURLWithPath: directory, isDirectory: true))
    } catch {
      throw .unsafeDirectory(directory, reason: error.text.description)
    }
  }

  /// Leaves `path` free for a new socket, or throws: nothing there is fine; a socket that
  /// refuses connections is stale (its instance was killed: the caller holds the owner's lock)
  /// and removed; one that takes connections (a program that is not a `fun`), or anything that
  /// is not a socket, is left alone.
  private static func clearTheWay(to path: String, calls: SocketCalls, logger: any LoggerService) throws(NotListening) {
    let probe: UnixSocket
    do throws(UnixSocket.Failure) {
      probe = try UnixSocket.open()
    } catch {
      throw .failed(path, reason: "\(error)")
    }
    defer { probe.close() }
    switch calls.connect(probe, path) {
    case ENOENT:
      return
    case ECONNREFUSED, ENOTSOCK:
      // Linux refuses a regular file with ECONNREFUSED, macOS with ENOTSOCK: what is there
      // decides, not the answer.
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
      guard unlink(path) == 0 || errno == ENOENT else {
        throw .failed(path, reason: "\(UnixSocket.Failure(call: "unlink", code: errno))")
      }
      logger.info(
        "replaced the stale socket \(path): the fun that made it ended without removing it", category: category)
    case nil, EAGAIN, EWOULDBLOCK, EINPROGRESS:
      // Connected, or queued (Linux refuses with EAGAIN only when the queue is full): a live
      // listener that does not hold the lock, which is not a `fun`'s to replace.
      throw .anotherInstance(path)
    case let code?:
      throw .failed(path, reason: "\(UnixSocket.Failure(call: "connect", code: code))")
    }
  }

  // MARK: Serving

  /// The serving thread's loop: accepts, reads, answers and times out connections until
  /// ``stop()``.
  private func serve() {
    let clock = ContinuousClock()
    var connections: [Connection] = []
    var nextHandoff = 0
    var buffer = [UInt8](repeating: 0, count: LinkHandoffMessage.maximumLength)
    var acceptingAgainAt: ContinuousClock.Instant?
    var wasFull = false
    while !handoffs.withLock({ $0.isStopping }) {
      answerTakenHandoffs(in: &connections)
      let now = clock.now
      connections.removeAll { connection in
        connection.deadline <= now && expire(connection, now: now)
      }
      // The main actor took these links just now: their `ok` is on the way.
      for index in connections.indices where connections[index].deadline <= now {
        connections[index].deadline = now.advanced(by: configuration.deadline)
      }
      if let resume = acceptingAgainAt, resume <= now { acceptingAgainAt = nil }

      // The waker, then the listening socket while there is room, then every connection for
      // input, its request or anything after it, until its client stops sending: the end of
      // its input is how a client that hangs up shows on every kernel (macOS reports nothing
      // on a descriptor polled for no events; Linux would report the hang-up).
      var requests = [pollfd(fd: waker.readEnd, events: Int16(POLLIN), revents: 0)]
      let accepts = connections.count < configuration.maximumConnections && acceptingAgainAt == nil
      if accepts {
        requests.append(pollfd(fd: listening.descriptor, events: Int16(POLLIN), revents: 0))
      }
      let firstConnection = requests.count
      for connection in connections {
        let events = connection.hasFinishedSending ? 0 : Int16(POLLIN)
        requests.append(pollfd(fd: connection.socket.descriptor, events: events, revents: 0))
      }
      let wakeUp = (connections.map(\.deadline) + [acceptingAgainAt].compactMap { $0 }).min()
      let timeout = wakeUp.map { now.duration(to: $0).pollTimeout } ?? -1
      let ready = configuration.calls.poll(&requests, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        logger.error(
          "stopped listening for links: poll failed (\(String(cString: strerror(errno))))", category: Self.category)
        break
      }
      guard ready > 0 else { continue }
      if requests[0].revents != 0 { waker.drain() }

      var ended: Set<Int> = []
      for index in connections.indices where requests[firstConnection + index].revents != 0 {
        if connections[index].handoff != nil {
          if !isStillWaiting(&connections[index], buffer: &buffer) {
            abandon(connections[index])
            ended.insert(index)
          }
        } else if !read(&connections[index], buffer: &buffer, nextHandoff: &nextHandoff) {
          ended.insert(index)
        }
      }
      connections = connections.enumerated().filter { !ended.contains($0.offset) }.map(\.element)

      if accepts, requests[1].revents != 0 {
        do throws(UnixSocket.Failure) {
          try accept(into: &connections, now: clock.now)
        } catch {
          // Out of descriptors, say: rest for a deadline rather than spin on a socket that
          // stays readable.
          logger.error("cannot accept a link connection (\(error)); trying again shortly", category: Self.category)
          acceptingAgainAt = clock.now.advanced(by: configuration.deadline)
        }
      }
      let isFull = connections.count >= configuration.maximumConnections
      if isFull, !wasFull {
        logger.warning(
          "\(connections.count) link connections open, the most served at once: others wait", category: Self.category)
      }
      wasFull = isFull
    }
    for connection in connections {
      connection.socket.close()
    }
    listening.close()
  }

  /// Accepts waiting connections while there is room, keeping only this user's.
  private func accept(into connections: inout [Connection], now: ContinuousClock.Instant) throws(UnixSocket.Failure) {
    while connections.count < configuration.maximumConnections, let socket = try listening.accept() {
      let user = socket.peerUser()
      guard user == configuration.user else {
        logger.warning(
          "refused a link connection from user \(user.map(String.init) ?? "unknown"): only user \(configuration.user) may hand links over",
          category: Self.category)
        socket.close()
        continue
      }
      connections.append(Connection(socket: socket, deadline: now.advanced(by: configuration.deadline)))
    }
  }

  /// Reads what `connection` sent; returns whether it stays open (its request is incomplete,
  /// or its link waits for the main actor).
  private func read(_ connection: inout Connection, buffer: inout [UInt8], nextHandoff: inout Int) -> Bool {
    while true {
      switch connection.socket.receive(into: &buffer) {
      case .nothing:
        return true
      case .end:
        if connection.received.isEmpty {
          logger.debug("a link connection closed without a request", category: Self.category)
        } else {
          logger.warning("ignored a link request that ended without a newline", category: Self.category)
        }
        connection.socket.close()
        return false
      case .bytes(let count):
        connection.received += buffer[..<count]
        if let newline = connection.received.firstIndex(of: UInt8(ascii: "\n")),
          newline < LinkHandoffMessage.maximumLength
        {
          return handle(request: connection.received[..<newline], on: &connection, nextHandoff: &nextHandoff)
        }
        if connection.received.count >= LinkHandoffMessage.maximumLength {
          refuse(connection, "the request is longer than \(LinkHandoffMessage.maximumLength) bytes")
          return false
        }
      }
    }
  }

  /// Reads what a connection waiting for its answer sent (at most a buffer, so a client that
  /// never stops cannot hold the thread): bytes after its request are dropped; the end of its
  /// input is a hang-up, unless the client only shut its sending side and still reads (as
  /// `nc -N` does). Returns whether its client still waits for the answer.
  private func isStillWaiting(_ connection: inout Connection, buffer: inout [UInt8]) -> Bool {
    // Polled for nothing, yet something was reported: a hang-up or an error.
    guard !connection.hasFinishedSending else { return false }
    switch connection.socket.receive(into: &buffer) {
    case .nothing, .bytes:
      return true
    case .end:
      guard !connection.socket.peerHasHungUp else { return false }
      connection.hasFinishedSending = true
      return true
    }
  }

  /// Checks a request line and hands its link to the main actor; returns whether the
  /// connection stays open for the answer.
  private func handle(
    request line: ArraySlice<UInt8>,
    on connection: inout Connection,
    nextHandoff: inout Int
  ) -> Bool {
    let url: String
    do throws(LinkHandoffMessage.Malformed) {
      url = try LinkHandoffMessage.url(inRequest: line)
      _ = try DeepLink(parsingHandedOver: url)
    } catch {
      refuse(connection, error.reason)
      return false
    }
    // A client that gave up waiting (its second ran out in the queue) has said its link was
    // not acknowledged: opening it now would surprise the person who was told so.
    guard !connection.socket.peerHasHungUp else {
      logger.warning("dropped a handed-over link whose client had given up waiting", category: Self.category)
      connection.socket.close()
      return false
    }
    let id = nextHandoff
    nextHandoff += 1
    let isServing = handoffs.withLock { state in
      guard !state.isStopping else { return false }
      state.pending.insert(id)
      return true
    }
    guard isServing else {
      connection.socket.close()
      return false
    }
    connection.handoff = id
    connection.deadline = ContinuousClock.now.advanced(by: configuration.acknowledgementDeadline)
    tasks.start("handed-over link") { self.take(id, url: url) }
    // Logged once the task is tracked, so that whoever reads it finds the app busy with it.
    logger.debug("received a link; it waits for the app to take it", category: Self.category)
    return true
  }

  /// On the main actor: routes the link unless its connection has timed out (or the listener
  /// stopped) meanwhile, and has its client told `ok`.
  @MainActor
  private func take(_ id: Int, url: String) {
    guard handoffs.withLock({ $0.pending.remove(id) != nil }) else { return }
    // The log escapes every control character itself; only what goes back to a terminal is
    // sanitised, so the log keeps the bytes that were sent.
    logger.info("a link was handed over: \(url)", category: Self.category)
    deliver(url)
    handoffs.withLock { $0.taken.append(id) }
    waker.wake()
  }

  /// Tells the clients whose links the main actor took `ok`, and closes their connections.
  private func answerTakenHandoffs(in connections: inout [Connection]) {
    let taken = handoffs.withLock { state in
      defer { state.taken = [] }
      return state.taken
    }
    for id in taken {
      guard let index = connections.firstIndex(where: { $0.handoff == id }) else { continue }
      answer(connections.remove(at: index), .accepted)
    }
  }

  /// Closes a connection waiting for its answer whose client hung up;
  /// its link, unless the main actor has taken it already, is dropped: the client has told
  /// its caller the link was not acknowledged.
  private func abandon(_ connection: Connection) {
    if let id = connection.handoff, handoffs.withLock({ $0.pending.remove(id) != nil }) {
      logger.warning("dropped a handed-over link whose client had given up waiting", category: Self.category)
    }
    connection.socket.close()
  }

  /// Closes a connection whose deadline passed; returns whether it did. One whose link the
  /// main actor has just taken stays: its `ok` is on the way.
  private func expire(_ connection: Connection, now: ContinuousClock.Instant) -> Bool {
    if let id = connection.handoff {
      guard handoffs.withLock({ $0.pending.remove(id) != nil }) else { return false }
      logger.warning(
        "the app did not take a handed-over link within \(configuration.acknowledgementDeadline); "
          + "it was dropped, its client not answered",
        category: Self.category)
    } else {
      logger.warning(
        "closed a link connection that sent no complete request within \(configuration.deadline)",
        category: Self.category)
    }
    connection.socket.close()
    return true
  }

  /// Answers `error <reason>`, logs it and closes the connection. The log gets the reason as
  /// the log spells it, cut as the answer is: a reason can quote a link of 4 KiB, and any
  /// client of the socket can send one request after another.
  private func refuse(_ connection: Connection, _ reason: String) {
    let logged = LinkHandoffMessage.shortened(VisibleEscapes.escaped(reason))
    logger.warning("ignored a link request: \(logged)", category: Self.category)
    answer(connection, .refused(reason))
  }

  /// Sends `reply` (without waiting: it fits the socket's buffer) and closes the connection.
  private func answer(_ connection: Connection, _ reply: LinkHandoffMessage.Reply) {
    _ = connection.socket.send(reply.bytes(sanitize: configuration.sanitize)[...])
    connection.socket.close()
  }
}

extension DeepLink {
  /// Parses a handed-over link, its error as a ``LinkHandoffMessage/Malformed`` reason.
  fileprivate init(parsingHandedOver url: String) throws(LinkHandoffMessage.Malformed) {
    do throws(AppError) {
      self = try DeepLink(parsing: url)
    } catch {
      throw LinkHandoffMessage.Malformed(reason: error.message)
    }
  }
}

/// Wakes the serving thread's `poll` from another thread: a byte down a non-blocking pipe.
private final class Waker: Sendable {
  let readEnd: Int32
  private let writeEnd: Int32

  init() throws(UnixSocket.Failure) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw UnixSocket.Failure(call: "pipe", code: errno) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Makes the read end readable; a full pipe already is.
  func wake() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while bytes.withUnsafeMutableBytes({ Foundation.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
  }
}
