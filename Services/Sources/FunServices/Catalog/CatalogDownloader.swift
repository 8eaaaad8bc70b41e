import Foundation
import FunCore
import FunModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches one URL with URLSession, in this process, and maps every failure to an ``/FunModel/AppError``.
///
/// Given the validators of a saved copy, it asks the server whether that copy is still current
/// (`If-None-Match`, `If-Modified-Since`); a `304 Not Modified` then ends the download with no
/// body at all.
///
/// While a body streams in, the download tells its `progress` the bytes received, of the
/// `Content-Length` when the server sent one: each time another hundredth of it has come, or
/// another MiB when the length is unknown.
///
/// Each download runs in a session of its own (no cache, no cookies, no credentials, nothing on
/// disk: ``sessionConfiguration(timeoutSeconds:)``) that is invalidated when the download ends,
/// however it ends, so no session, task or connection outlives it. See `CatalogTransfer` for how the body is limited
/// while it streams in.
///
/// Thread-safety: one instance may run many downloads at once from any thread.
final class CatalogDownloader: Sendable {
  /// The timeouts accepted, in seconds. Linux's URLSession counts whole seconds, so less than
  /// one would time out at once.
  static let timeoutRange: ClosedRange<Double> = 1...86_400

  private let timeoutSeconds: Double
  private let maximumBytes: Int
  private let sessionEnded: @Sendable () -> Void
  /// Measures how long a download waits for earlier transfers to wind down.
  private let clock: any Clock<Duration>
  private let logger: any LoggerService
  /// The transfers whose caller has heard how they ended while URLSession still winds them down,
  /// and the downloads waiting for them to finish.
  private let windingDown = Locked(WindingDown())

  private struct WindingDown {
    /// The transfers a download waits for, by number.
    var transfers: Set<Int> = []
    var nextTransfer = 0
    /// The downloads that wait, from before they park until the wait ends, for whatever reason.
    var pending: Set<UUID> = []
    /// Those of ``pending`` that have parked.
    var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]

    /// Ends every wait: each download pending goes on.
    mutating func endWaits() -> [CheckedContinuation<Void, Never>] {
      defer {
        pending = []
        waiting = [:]
      }
      return Array(waiting.values)
    }
  }

  /// - Parameters:
  ///   - timeout: how long a request may go without an answer, clamped to ``timeoutRange``.
  ///   - maximumBytes: the largest body accepted.
  ///   - clock: measures ``windDownBound``. Real time in the app, not the app's clock: a sleep on
  ///     that would be a parking point, so settling would take a download that waits for
  ///     URLSession (work, not waiting) for an idle one, and virtual time could pass the bound
  ///     at once.
  ///   - logger: hears when a download stops waiting for a transfer that does not wind down.
  ///   - sessionEnded: called once a download's session has become invalid, having let go of
  ///     its task, its delegate and its connections: the end this type promises, which
  ///     URLSession reports (when it closes an idle connection is its own affair).
  init(
    timeout: Duration, maximumBytes: Int, clock: any Clock<Duration>, logger: any LoggerService,
    sessionEnded: @escaping @Sendable () -> Void = {}
  ) {
    timeoutSeconds = min(max(timeout.inSeconds, Self.timeoutRange.lowerBound), Self.timeoutRange.upperBound)
    self.maximumBytes = max(maximumBytes, 1)
    self.clock = clock
    self.logger = logger
    self.sessionEnded = sessionEnded
  }

  /// How long a download waits for earlier transfers to wind down before it starts anyway: as
  /// long as URLSession lets a whole transfer take (`timeoutIntervalForResource`), past which
  /// it is stuck rather than slow. The transfers it gave up on are not waited for again.
  var windDownBound: Duration {
    .seconds(timeoutSeconds * 10)
  }

  /// The reasons of the ``/FunModel/AppError/network(url:reason:)`` errors that mean the server
  /// could not be reached.
  enum Unreachable {
    static let refused = L10n.Reason.refused
    static let noSuchHost = L10n.Reason.noSuchHost
    static let noNetwork = L10n.Reason.noNetwork
    static let connectionLost = L10n.Reason.connectionLost
  }

  /// Whether `error`, thrown by ``download(_:revalidating:)``, means that the server could not be
  /// reached: no network, no such host, refused, lost, no answer in time, or a 5xx (a gateway
  /// whose server is down). Not a cancellation, an error status of the server's own, or a body
  /// that is too large: the server answered those.
  static func isUnreachable(_ error: AppError) -> Bool {
    switch error {
    case .timeout: true
    case .httpStatus(let code, _): (500..<600).contains(code)
    case .network(_, let reason):
      [Unreachable.refused, Unreachable.noSuchHost, Unreachable.noNetwork, Unreachable.connectionLost].contains(reason)
    default: false
    }
  }

  /// The configuration of each download's session: nothing kept between sessions or on disk (no
  /// cache, no cookies, no credentials), the request timing out after `timeoutSeconds` without
  /// data and the whole transfer after ten times that.
  ///
  /// Linux's Foundation makes every configuration from `.default`, whose `URLCache.shared`
  /// creates `org.swift.foundation.URLCache/<program>` in the user's cache folder when it is
  /// first used, and `.ephemeral` makes a cache of its own that creates the same folder. So the
  /// shared cache is replaced first, once, by one that has no folder, and `.ephemeral` is not
  /// used: this configuration is stricter than it anyway. What `.default` still does, and no
  /// public API avoids: it makes `HTTPCookieStorage.shared`, which creates the folder
  /// `<data home>/<name of the folder holding the program>` (`~/.local/share/bin` for
  /// `/usr/local/bin/fun`) and reads `.cookies.shared` there, once per process; this session
  /// neither reads nor writes cookies.
  static func sessionConfiguration(timeoutSeconds: Double) -> URLSessionConfiguration {
    _ = folderlessSharedCache
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCredentialStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeoutSeconds
    // Also the bound of a wind-down (windDownBound).
    configuration.timeoutIntervalForResource = timeoutSeconds * 10
    return configuration
  }

  /// Replaces `URLCache.shared` before anything reads it, on Linux, by a cache without a folder:
  /// its disk path is `/dev/null`, which can never become a folder, so it creates none and keeps
  /// nothing on disk. Elsewhere the shared cache lives where the system keeps caches, and stays.
  private static let folderlessSharedCache: Void = {
    #if canImport(FoundationNetworking)
      URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
    #endif
  }()

  /// The body of a 2xx response with its validators, or, when `copy` is given and the server
  /// says it is still current (304), ``CatalogResponse/notModified``.
  ///
  /// Cancelling the awaiting task cancels the request at once. A download that failed early (too
  /// large, an error status) or was cancelled returns at once too, but on Linux URLSession goes
  /// on reading (and unpacking) what the server has sent until it gets round to the cancellation
  /// (see `CatalogTransfer`); the next download starts only once that has ended, so transfers
  /// winding down never pile up, or, should one never end, after ``windDownBound`` (logged).
  /// - Throws: ``/FunModel/AppError/timeout(url:seconds:)``, ``/FunModel/AppError/httpStatus(code:url:)`` or
  ///   ``/FunModel/AppError/network(url:reason:)`` (also when cancelled and when the body is too large).
  func download(
    _ url: URL, revalidating copy: CatalogResponse.Validators? = nil,
    progress: @escaping @Sendable (CatalogLoadProgress) -> Void = { _ in }
  ) async throws(AppError) -> CatalogResponse {
    await untilWoundDown(before: url)
    let number = windingDown.withLock { state in
      defer { state.nextTransfer += 1 }
      return state.nextTransfer
    }
    let transfer = CatalogTransfer(
      url: url, validators: copy, timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes,
      progress: progress,
      windDown: (began: { self.beganWindingDown(number) }, ended: { self.endedWindingDown(number) }),
      sessionEnded: sessionEnded)
    // A task cancelled meanwhile cancels the transfer before it starts: no request is made.
    return try await transfer.run().get()
  }

  /// How many transfers have told their caller how they ended and are still winding down, not
  /// counting those a download stopped waiting for.
  var transfersWindingDown: Int {
    windingDown.withLock { $0.transfers.count }
  }

  /// Returns once no transfer is winding down, at once when the calling task is cancelled, or
  /// after ``windDownBound``: then the transfers still winding down are logged and no longer
  /// waited for.
  private func untilWoundDown(before url: URL) async {
    let id = UUID()
    let waits = windingDown.withLock { state -> Bool in
      guard !state.transfers.isEmpty else { return false }
      state.pending.insert(id)
      return true
    }
    guard waits else { return }
    defer { windingDown.withLock { _ = $0.pending.remove(id) } }
    let bound = windDownBound
    await withTaskGroup(of: Void.self) { group in
      group.addTask { [clock] in
        // Cancelled when the wait ends first.
        guard (try? await clock.sleep(for: bound)) != nil else { return }
        self.giveUpWaiting(id, before: url, after: bound)
      }
      await untilNoneWindingDown(id)
      group.cancelAll()
    }
  }

  /// Returns once no transfer is winding down, or when the wait `id` has ended otherwise (or
  /// the calling task is cancelled). Resumed from URLSession's thread, the bound's task or the
  /// cancelling one; at once only when the wait ended while it began.
  private func untilNoneWindingDown(_ id: UUID) async {
    await withContinuationResumedElsewhere { continuation in
      let waits = windingDown.withLock { state -> Bool in
        guard state.pending.contains(id), !state.transfers.isEmpty, !Task.isCancelled else { return false }
        state.waiting[id] = continuation
        return true
      }
      if !waits { continuation.resume() }
    } onCancel: { [self] in
      windingDown.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
    }
  }

  /// Ends every wait, unless the wait `id` has ended already, and stops waiting for the
  /// transfers winding down now, logged: they are stuck, and would hold every download from
  /// now on.
  private func giveUpWaiting(_ id: UUID, before url: URL, after bound: Duration) {
    let (stuck, waiting) = windingDown.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
      guard state.pending.contains(id) else { return (0, []) }
      defer { state.transfers = [] }
      return (state.transfers.count, state.endWaits())
    }
    for continuation in waiting { continuation.resume() }
    guard stuck > 0 else { return }
    logger.warning(
      "Downloading \(url.withoutCredentials) although \(stuck) earlier transfer(s) did not wind down within "
        + "\(Int(bound.inSeconds)) s; they are no longer waited for",
      category: "network")
  }

  private func beganWindingDown(_ transfer: Int) {
    windingDown.withLock { _ = $0.transfers.insert(transfer) }
  }

  private func endedWindingDown(_ transfer: Int) {
    let waiting = windingDown.withLock { state -> [CheckedContinuation<Void, Never>] in
      // One given up on (giveUpWaiting) ends no wait.
      guard state.transfers.remove(transfer) != nil, state.transfers.isEmpty else { return [] }
      return state.endWaits()
    }
    for continuation in waiting { continuation.resume() }
  }
}
