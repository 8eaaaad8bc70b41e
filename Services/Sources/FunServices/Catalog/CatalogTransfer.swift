import Foundation
import FunCore
import FunModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One GET in a URLSession of its own, whose delegate it is.
///
/// The body streams in through the delegate, so a response larger than `maximumBytes` is
/// abandoned as soon as that is known: at once from its `Content-Length`, before any of the
/// body is kept, otherwise when the bytes received pass the limit. A status outside 200–299
/// ends the transfer at the headers the same way, and so does a redirect to a URL other than
/// http(s), which is not followed. The request times out after
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
/// the limit is passed is out of this type's hands. What follows buys the peak and the resident
/// memory of a failed http load (fun-bench's `http` figure):
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
final class CatalogTransfer: NSObject, URLSessionDataDelegate, Sendable {
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
    fail(with: cancelled)
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

  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // The scheme the server named: Linux's URLSession reads a `Location` without a host
    // (`file:///tmp/x.json`) as a path on the server that sent it, and would fetch that
    // instead, ending in whatever it answers there ("Empty reply from server").
    let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: response.url) }
    let scheme = (location ?? request.url)?.scheme ?? ""
    guard !["http", "https"].contains(scheme.lowercased()) else { return completionHandler(request) }
    fail(
      with: .network(
        url: response.url?.withoutCredentials ?? address,
        reason: L10n.Reason.redirectNotFetched(VisibleEscapes.clipped(scheme))))
    completionHandler(nil)
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
        // Dispatch disposes of the timers URLSession cancelled (one per chunk read) on threads of
        // its own, and nothing reports when: giving the free pages back again later buys the
        // resident memory after a failed load (fun-bench's `http` figure).
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
