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

/// One GET in a URLSession of its own, whose delegate it is.
///
/// The body streams in through the delegate, so a response larger than `maximumBytes` is
/// abandoned as soon as that is known: at once from its `Content-Length`, before any of the
/// body is kept, otherwise when the bytes received pass the limit. A status outside 200–299
/// ends the transfer at the headers the same way. The request times out after
/// `timeoutSeconds` without data, and the whole transfer after ten times that, so a server that
/// trickles bytes cannot keep it going forever.
///
/// **Ending a transfer early** is what keeps its memory bounded. Linux's URLSession reads the
/// socket on its own work queue, inside libcurl, for as long as the socket has data, unpacks a
/// `Content-Encoding` (gzip, deflate, brotli, zstd: libcurl always does, whatever the request
/// asks for), and hands every unpacked chunk (16 KiB, a `Data` and a timer of its own) to the
/// delegate queue; it ignores the disposition a delegate gives for a response, so answering
/// `.cancel` stops nothing; a delegate cannot make libcurl stop either; and it acts on
/// `URLSessionTask.cancel()` only once that work queue is free, which it is not while the
/// socket has data. So `maximumBytes` counts unpacked bytes, but what URLSession unpacks after
/// the limit is passed is out of this type's hands: a 16 MB gzip body of zeros (16 GiB
/// unpacked) kept it busy for 20–40 s, one core and about 350 MB at its peak. This type used
/// to call `cancel()` in the callback that saw the limit pass: the delegate queue waited there
/// while every chunk read meanwhile queued up behind it, about 1 GB per failed load against a
/// server that never ends its body, all of it kept until the transfer stopped. Now:
///
/// - on Linux the delegate queue is a ``CatalogDelegateQueue``, which runs each callback at
///   once on URLSession's thread: nothing queues up, and a transfer that has failed drops each
///   chunk as it comes, fast enough to drain the socket, which is what lets URLSession act on
///   the cancellation;
/// - the task is cancelled from a dispatch queue of the transfer's own (`stopQueue`), the one
///   thread that may wait for URLSession: the delegate's may not, nor the caller's (which may
///   be the main actor);
/// - the body so far is freed at once and the caller hears of the failure at once, as a caller
///   that cancels does: neither waits for URLSession any more;
/// - the transfer then winds down in URLSession's own time; the downloader starts no other
///   transfer until it has (`windDown`), so they never pile up, and a failed load costs nothing
///   once it has: the memory freed meanwhile goes back to the system (``FreedMemory``) when the
///   task completes and once more when URLSession has disposed of the rest.
///
/// The session keeps its delegate (this object) until it is invalidated, which happens as soon
/// as the task completes, however it ends (`finishTasksAndInvalidate`); a transfer cancelled
/// before it starts makes no session at all. The delegate's callbacks meet the caller through a
/// lock; the caller is resumed exactly once.
private final class CatalogTransfer: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var body = Data()
    /// The response's validators, kept for the body.
    var validators = CatalogResponse.Validators()
    /// The server answered 304 to a conditional request.
    var isNotModified = false
    /// The body's `Content-Length`, when the server sent one.
    var totalBytes: Int?
    /// The hundredths of ``totalBytes`` (or the MiB, when it is unknown) last told to `progress`.
    var reportedSteps = 0
    /// Why the transfer ended early (failed or cancelled), once it has; from then on every
    /// chunk is dropped.
    var failure: AppError?
    var task: URLSessionDataTask?
    /// Whether the task has been told to stop; it is told once.
    var isStopping = false
    /// The caller, until it is resumed.
    var continuation: CheckedContinuation<Result<CatalogResponse, AppError>, Never>?
    /// Whether the transfer ended in a failure, for the session's last callback.
    var hasFailed = false
    /// Whether the caller was resumed before the task completed, and `windDown.began` called.
    var isWindingDown = false
  }

  private let url: URL
  private let validators: CatalogResponse.Validators?
  private let timeoutSeconds: Double
  private let maximumBytes: Int
  private let progress: @Sendable (CatalogLoadProgress) -> Void
  private let sessionEnded: @Sendable () -> Void
  /// Told when the caller has been resumed while the task goes on, and when the session has
  /// ended after that.
  private let windDown: (began: @Sendable () -> Void, ended: @Sendable () -> Void)
  private let state = Locked(State())
  /// Where the task is cancelled (see the type's comment): a serial queue gets a thread of its
  /// own from dispatch, so a cancellation that waits for seconds blocks nothing else.
  private let stopQueue = DispatchQueue(label: "fun.catalog.transfer.stop")
  /// The failures that do not depend on what the server sent, made once rather than under the lock.
  private let cancelled: AppError
  private let tooLarge: AppError

  init(
    url: URL, validators: CatalogResponse.Validators?, timeoutSeconds: Double, maximumBytes: Int,
    progress: @escaping @Sendable (CatalogLoadProgress) -> Void,
    windDown: (began: @Sendable () -> Void, ended: @Sendable () -> Void),
    sessionEnded: @escaping @Sendable () -> Void
  ) {
    self.windDown = windDown
    self.url = url
    self.validators = validators
    self.timeoutSeconds = timeoutSeconds
    self.maximumBytes = maximumBytes
    self.progress = progress
    self.sessionEnded = sessionEnded
    cancelled = .network(url: url.withoutCredentials, reason: L10n.Reason.requestCancelled)
    tooLarge = .network(
      url: url.withoutCredentials,
      reason: maximumBytes % (1 << 20) == 0
        ? L10n.Reason.catalogTooLargeMiB(maximumBytes >> 20) : L10n.Reason.catalogTooLargeBytes(maximumBytes)
    )
  }

  private var address: String { url.withoutCredentials }

  /// Runs the request to its end, or until the awaiting task is cancelled; call once. Resumed
  /// from URLSession's thread or the cancelling one; at once only when cancelled before it began.
  func run() async -> Result<CatalogResponse, AppError> {
    await withContinuationResumedElsewhere { continuation in
      let failure = state.withLock { state in
        if state.failure == nil { state.continuation = continuation }
        return state.failure
      }
      // Cancelled before it began: no session is made, so there is nothing to tear down.
      if let failure {
        continuation.resume(returning: .failure(failure))
        return
      }
      let configuration = CatalogDownloader.sessionConfiguration(timeoutSeconds: timeoutSeconds)
      #if canImport(FoundationNetworking)
        let delegateQueue: OperationQueue? = CatalogDelegateQueue()
      #else
        let delegateQueue: OperationQueue? = nil
      #endif
      let session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
      var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeoutSeconds)
      if let etag = validators?.etag {
        request.setValue(etag, forHTTPHeaderField: "If-None-Match")
      }
      if let lastModified = validators?.lastModified {
        request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
      }
      let task = session.dataTask(with: request)
      let endedMeanwhile = state.withLock { state in
        state.task = task
        return state.failure != nil
      }
      // Started even when it has ended meanwhile: only a task that runs to completion lets its
      // session be invalidated.
      task.resume()
      // A cancellation that came while the task was made found no task to stop.
      if endedMeanwhile {
        stop()
      }
    } onCancel: { [self] in
      cancel()
    }
  }

  /// Cancels the request, or keeps it from starting; the caller gets a cancellation error at
  /// once, whatever the transfer is doing, and the transfer winds down as the type's comment
  /// says.
  func cancel() {
    if state.withLock({ state in
      guard state.failure == nil else { return false }
      state.failure = cancelled
      return true
    }) {
      endEarly()
    }
    stop()
  }

  /// Ends the transfer early with `failure`, unless it has ended already: frees the body so
  /// far, tells the caller at once, drops every chunk from now on and stops the task (see the
  /// type's comment).
  private func fail(with failure: AppError) {
    if state.withLock({ state in
      guard state.failure == nil else { return false }
      state.failure = failure
      return true
    }) {
      endEarly()
    }
    stop()
  }

  /// Frees the body so far and resumes the caller with the failure, now that the transfer has
  /// one, unless the task has completed meanwhile (that resumes the caller itself).
  private func endEarly() {
    let (continuation, body, failure) = state.withLock { state in
      // A session exists, or will (see run()), once the caller waits: it will end. Told under
      // the lock, so the downloader hears of it before the session can have ended.
      state.isWindingDown = state.continuation != nil
      if state.isWindingDown { windDown.began() }
      // Moved out, to be freed once the lock is released.
      defer {
        state.body = Data()
        state.continuation = nil
      }
      return (state.continuation, state.body, state.failure)
    }
    _ = consume body
    guard let continuation, let failure else { return }
    // Off the caller's thread (which may be the main actor) and URLSession's; before the task
    // is cancelled there.
    stopQueue.async { FreedMemory.returnToSystem() }
    continuation.resume(returning: .failure(failure))
  }

  /// Cancels the task once, from `stopQueue`; does nothing before the task exists (``run()``
  /// stops it once it does).
  private func stop() {
    let task = state.withLock { state -> URLSessionDataTask? in
      guard !state.isStopping, let task = state.task else { return nil }
      state.isStopping = true
      return task
    }
    guard let task else { return }
    stopQueue.async {
      task.cancel()
    }
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let status = http?.statusCode ?? 0
    let length = response.expectedContentLength
    let isNotModified = status == 304 && validators != nil
    let failure: AppError? =
      if isNotModified {
        nil
      } else if !(200..<300).contains(status) {
        // After a redirect, the server that answered is the one to name.
        .httpStatus(code: status, url: response.url?.withoutCredentials ?? address)
      } else if length > Int64(maximumBytes) {
        tooLarge
      } else {
        nil
      }
    if let failure {
      completionHandler(.cancel)
      // Linux's URLSession ignores the disposition and goes on reading the body.
      fail(with: failure)
    } else {
      let validators = CatalogResponse.Validators(
        etag: http?.value(forHTTPHeaderField: "ETag"), lastModified: http?.value(forHTTPHeaderField: "Last-Modified"))
      state.withLock { state in
        state.validators = validators
        state.isNotModified = isNotModified
        // A body whose size is known is stored once, instead of copied each time it outgrows
        // its storage.
        if length > 0, !isNotModified {
          state.totalBytes = Int(length)
          state.body.reserveCapacity(Int(length))
        }
      }
      completionHandler(.allow)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    enum Outcome {
      case kept, tooLarge
      case report(CatalogLoadProgress)
    }
    let outcome = state.withLock { state -> Outcome in
      // Once the transfer has ended early, every chunk is dropped as it comes.
      guard state.failure == nil else { return .kept }
      guard state.body.count + data.count <= maximumBytes else { return .tooLarge }
      state.body.append(data)
      let received = state.body.count
      // The count never passes the total, even from a server whose length was too small.
      let total = state.totalBytes.map { max($0, received) }
      let steps = total.map { received * 100 / $0 } ?? received >> 20
      guard steps > state.reportedSteps else { return .kept }
      state.reportedSteps = steps
      return .report(.reading(bytesRead: received, totalBytes: total))
    }
    switch outcome {
    case .kept: break
    case .tooLarge: fail(with: tooLarge)
    // Told outside the lock: what it does is the caller's affair.
    case .report(let step): progress(step)
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, body, earlyFailure, validators, isNotModified) = state.withLock { state in
      defer {
        state.continuation = nil
        state.task = nil
        state.body = Data()
      }
      return (state.continuation, state.body, state.failure, state.validators, state.isNotModified)
    }
    let failure = earlyFailure ?? error.map(appError(for:))
    state.withLock { $0.hasFailed = failure != nil }
    // The task is over; invalidating lets the session release this delegate and its connections.
    session.finishTasksAndInvalidate()
    let result: Result<CatalogResponse, AppError>
    if let failure {
      result = .failure(failure)
      _ = consume body
      // Every chunk has been dropped by now (callbacks come one at a time, in order), and so has
      // the body: what they held goes back to the system before the caller hears of the failure.
      FreedMemory.returnToSystem()
    } else if isNotModified {
      result = .success(.notModified)
    } else {
      result = .success(.body(body, validators))
    }
    continuation?.resume(returning: result)
  }

  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    let (hasFailed, isWindingDown) = state.withLock { ($0.hasFailed, $0.isWindingDown) }
    let ended: @Sendable () -> Void = { [windDown, sessionEnded, stopQueue] in
      if hasFailed {
        FreedMemory.returnToSystem()
        // Dispatch disposes of the timers URLSession cancelled (one per chunk read, 85 MB after
        // a 4 MB gzip body) on threads of its own, within about 0.3 s of this in the measured
        // runs; nothing reports when. So the free pages are given back once more after that.
        for delay in [0.5, 2.0] {
          stopQueue.asyncAfter(deadline: .now() + delay) { FreedMemory.returnToSystem() }
        }
      }
      sessionEnded()
      // Last: the next download may start now.
      if isWindingDown {
        windDown.ended()
      }
    }
    // On the transfer's own queue: what `sessionEnded` does, however long, is no affair of
    // URLSession's threads.
    #if canImport(FoundationNetworking)
      // Linux's URLSession lets go of the rest of a transfer (its connection, a timer per chunk
      // read) on its work queue, some of it only after this callback. It answers a request for
      // its tasks on that queue, after all that: there the transfer has really ended.
      session.getTasksWithCompletionHandler { [stopQueue] _, _, _ in stopQueue.async(execute: ended) }
    #else
      stopQueue.async(execute: ended)
    #endif
  }

  private func appError(for error: any Error) -> AppError {
    guard let urlError = error as? URLError else {
      return .network(url: address, reason: .verbatim(error.localizedDescription))
    }
    let reason: LocalizedText
    switch urlError.code {
    case .timedOut: return .timeout(url: address, seconds: timeoutSeconds)
    case .cancelled: return cancelled
    case .cannotConnectToHost: reason = CatalogDownloader.Unreachable.refused
    case .cannotFindHost, .dnsLookupFailed: reason = CatalogDownloader.Unreachable.noSuchHost
    case .notConnectedToInternet: reason = CatalogDownloader.Unreachable.noNetwork
    case .networkConnectionLost: reason = CatalogDownloader.Unreachable.connectionLost
    case .unsupportedURL, .badURL: reason = L10n.Reason.notFetchable
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
      reason = L10n.Reason.noSecureConnection
    // Foundation's own texts vary by platform, and are English on Linux; the reasons above read
    // the same everywhere, in the app's language.
    default: reason = .verbatim(urlError.localizedDescription)
    }
    return .network(url: address, reason: reason)
  }
}
