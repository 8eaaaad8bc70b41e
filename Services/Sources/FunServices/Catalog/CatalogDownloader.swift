import Foundation
import FunCore
import FunModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches one URL with URLSession, in this process, and maps every failure to an ``/FunModel/AppError``.
///
/// Each download runs in a session of its own (ephemeral: no cache, no cookies, no
/// credentials on disk) that is invalidated when the download ends, however it ends, so no
/// session, task or connection outlives it. See `CatalogTransfer` for how the body is limited
/// while it streams in.
///
/// Thread-safety: one instance may run many downloads at once from any thread.
final class CatalogDownloader: Sendable {
  /// The timeouts accepted, in seconds. Linux's URLSession counts whole seconds, so less than
  /// one would time out at once.
  static let timeoutRange: ClosedRange<Double> = 1...86_400

  private let timeoutSeconds: Double
  private let maximumBytes: Int

  /// - Parameters:
  ///   - timeout: how long a request may go without an answer, clamped to ``timeoutRange``.
  ///   - maximumBytes: the largest body accepted.
  init(timeout: Duration, maximumBytes: Int) {
    timeoutSeconds = min(max(timeout.inSeconds, Self.timeoutRange.lowerBound), Self.timeoutRange.upperBound)
    self.maximumBytes = max(maximumBytes, 1)
  }

  /// The body of a 2xx response.
  ///
  /// Cancelling the awaiting task cancels the request at once.
  /// - Throws: ``/FunModel/AppError/timeout(url:seconds:)``, ``/FunModel/AppError/httpStatus(code:url:)`` or
  ///   ``/FunModel/AppError/network(url:reason:)`` (also when cancelled and when the body is too large).
  func download(_ url: URL) async throws(AppError) -> Data {
    let transfer = CatalogTransfer(url: url, timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes)
    let result = await withTaskCancellationHandler {
      await transfer.run()
    } onCancel: {
      transfer.cancel()
    }
    return try result.get()
  }
}

/// One GET in a URLSession of its own, whose delegate it is.
///
/// The body streams in through the delegate, so a response larger than `maximumBytes` is
/// abandoned as soon as that is known: at once from its `Content-Length`, otherwise when the
/// bytes received pass the limit; then nothing more is kept and the task is cancelled. (On
/// Linux the cancellation waits for URLSession's work queue, which a sender flooding a loopback
/// connection can keep busy for a while; what arrives meanwhile is dropped.) A status outside
/// 200–299 stops the transfer at the headers. The request times out after `timeoutSeconds` without data, and
/// the whole transfer after ten times that, so a server that trickles bytes cannot keep it
/// going forever.
///
/// The session keeps its delegate (this object) until it is invalidated, which happens as soon
/// as the task completes, however it ends (`finishTasksAndInvalidate`); a transfer cancelled
/// before it starts makes no session at all. The delegate's callbacks arrive on the session's
/// queue and meet the awaiting caller through a lock; the caller is resumed exactly once.
private final class CatalogTransfer: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var body = Data()
    /// Why the transfer was stopped early, when it was.
    var failure: AppError?
    var isCancelled = false
    var task: URLSessionDataTask?
    var continuation: CheckedContinuation<Result<Data, AppError>, Never>?
  }

  private let url: URL
  private let timeoutSeconds: Double
  private let maximumBytes: Int
  private let state = Locked(State())
  /// The failures that do not depend on what the server sent, made once rather than under the lock.
  private let cancelled: AppError
  private let tooLarge: AppError

  init(url: URL, timeoutSeconds: Double, maximumBytes: Int) {
    self.url = url
    self.timeoutSeconds = timeoutSeconds
    self.maximumBytes = maximumBytes
    cancelled = .network(url: url.absoluteString, reason: "the request was cancelled")
    let size = maximumBytes % (1 << 20) == 0 ? "\(maximumBytes >> 20) MiB" : "\(maximumBytes) bytes"
    tooLarge = .network(
      url: url.absoluteString,
      reason: "the catalog is larger than \(size), the most Fun loads from a URL; save it and use --catalog FILE"
    )
  }

  private var address: String { url.absoluteString }

  /// Runs the request to its end; call once.
  func run() async -> Result<Data, AppError> {
    await withCheckedContinuation { continuation in
      let isCancelled = state.withLock { state in
        if !state.isCancelled { state.continuation = continuation }
        return state.isCancelled
      }
      // Cancelled before it began: no session is made, so there is nothing to tear down.
      guard !isCancelled else {
        continuation.resume(returning: .failure(cancelled))
        return
      }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = timeoutSeconds
      configuration.timeoutIntervalForResource = timeoutSeconds * 10
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
      let request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeoutSeconds)
      let task = session.dataTask(with: request)
      let isCancelledMeanwhile = state.withLock { state in
        state.task = task
        return state.isCancelled
      }
      task.resume()
      // A cancellation that came while the task was made found no task to cancel.
      if isCancelledMeanwhile {
        task.cancel()
      }
    }
  }

  /// Cancels the request, or keeps it from starting; the caller then gets a cancellation error.
  func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let failure: AppError? =
      if !(200..<300).contains(status) {
        .httpStatus(code: status, url: address)
      } else if response.expectedContentLength > Int64(maximumBytes) {
        tooLarge
      } else {
        nil
      }
    state.withLock { $0.failure = failure }
    completionHandler(failure == nil ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let isTooLarge = state.withLock { state in
      guard state.failure == nil else { return false }
      guard state.body.count + data.count <= maximumBytes else {
        state.failure = tooLarge
        state.body = Data()
        return true
      }
      state.body.append(data)
      return false
    }
    if isTooLarge {
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, body, failure, isCancelled) = state.withLock { state in
      let taken = (state.continuation, state.body, state.failure, state.isCancelled)
      state.continuation = nil
      state.task = nil
      state.body = Data()
      return taken
    }
    // The task is over; invalidating lets the session release this delegate and its connections.
    session.finishTasksAndInvalidate()
    let result: Result<Data, AppError> =
      if let failure {
        .failure(failure)
      } else if let error {
        .failure(isCancelled ? cancelled : appError(for: error))
      } else {
        .success(body)
      }
    continuation?.resume(returning: result)
  }

  private func appError(for error: any Error) -> AppError {
    guard let urlError = error as? URLError else {
      return .network(url: address, reason: error.localizedDescription)
    }
    let reason: String
    switch urlError.code {
    case .timedOut: return .timeout(url: address, seconds: timeoutSeconds)
    case .cancelled: return cancelled
    case .cannotConnectToHost: reason = "the server refused the connection"
    case .cannotFindHost, .dnsLookupFailed: reason = "the host name could not be found"
    case .notConnectedToInternet: reason = "there is no network connection"
    case .networkConnectionLost: reason = "the connection was lost before the server answered"
    case .unsupportedURL, .badURL: reason = "it is not a URL that can be fetched"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
      reason = "a secure connection could not be made"
    // Foundation's own texts vary by platform; the reasons above read the same everywhere.
    default: reason = urlError.localizedDescription
    }
    return .network(url: address, reason: reason)
  }
}
